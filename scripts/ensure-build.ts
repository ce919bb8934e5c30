import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { logger } from '../app/lib/log.server'
import { buildServer } from './build-server'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const STAMP = path.join(ROOT, 'build', '.source-hash')
const INPUTS = [
  'app',
  'public',
  'server',
  'jobs',
  'runtime',
  'db',
  'server.ts',
  'worker.ts',
  'scripts/build-server.ts',
  'scripts/frame-scripts.ts',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
]

/** A hash of everything the client and server bundles are built from. */
export function sourceHash() {
  const hash = createHash('sha256')
  const visit = (relative: string) => {
    const full = path.join(ROOT, relative)
    if (!existsSync(full)) return
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.join(relative, name))
      return
    }
    hash.update(relative).update('\0').update(readFileSync(full)).update('\0')
  }
  INPUTS.forEach(visit)
  return hash.digest('hex')
}

/**
 * Builds the app (`remix vite:build`) and the process entries (scripts/build-server.ts) when
 * the build is missing or was made from other sources; `say` tells that it does.
 */
export async function ensureBuild(say: (line: string) => void = console.log) {
  const current = sourceHash()
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : ''
  const complete = ['server/index.js', 'node/server.js', 'node/worker.js'].every((file) => existsSync(path.join(ROOT, 'build', file)))
  if (built === current && complete) return false
  say(built ? 'build: sources changed, rebuilding…' : 'build: no build yet, building…')
  // Always a production build, whoever asks: under a test runner NODE_ENV is 'test', and the
  // client bundle would carry React's development build (with its hydration warnings).
  const env = { ...process.env, NODE_ENV: 'production' as const }
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('build failed (run `npm run build` to see why)')
  await buildServer()
  writeFileSync(STAMP, current)
  return true
}

// `npm start` and `npm run worker` run this first: it says what it did in a log line, as the process after it does.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = logger('process')
  try {
    const built = await ensureBuild((line) => log.info(line))
    if (built) log.info('build: done')
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }
}
