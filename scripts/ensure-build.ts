import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const STAMP = path.join(ROOT, 'build', '.source-hash')
const INPUTS = ['app', 'public', 'vite.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json']

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

/** Builds when the build is missing or was made from other sources; `say` tells that it does (`npm start` logs it). */
export function ensureBuild(say: (line: string) => void = console.log) {
  const current = sourceHash()
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : ''
  if (built === current && existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) return false
  say(built ? 'build: sources changed, rebuilding…' : 'build: no build yet, building…')
  const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error('build failed (run `npm run build` to see why)')
  writeFileSync(STAMP, current)
  return true
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const built = ensureBuild()
  console.log(built ? 'build: done' : 'build: up to date')
}
