import { logger } from '../app/lib/log.server'
import { ensureBuild } from './ensure-build'

/** `npm start`: build when needed, then serve in production mode. */
process.env.NODE_ENV ??= 'production'
const log = logger('process')
try {
  ensureBuild((line) => log.info(line))
  const { startServer } = await import('../server')
  await startServer()
} catch (error) {
  log.fatal(error instanceof Error ? error.message : String(error))
  process.exit(1)
}
