import { ensureBuild } from './ensure-build'

/** `npm start`: build when needed, then serve in production mode. */
process.env.NODE_ENV ??= 'production'
try {
  ensureBuild()
  const { startServer } = await import('../server')
  await startServer()
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
