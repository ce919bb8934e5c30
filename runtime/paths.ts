import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The project's folder (where package.json is), found upward from this module: the same
 * answer from the TypeScript sources (`npm run dev`) and from the compiled bundle in
 * build/node/ (`npm start`).
 */
function projectRoot(from: string) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`)
  }
}

export const ROOT = projectRoot(path.dirname(fileURLToPath(import.meta.url)))
/** The Remix build (client assets and the server bundle of app/). */
export const BUILD_DIR = path.join(ROOT, 'build')
export const MIGRATIONS_DIR = path.join(ROOT, 'db', 'migrations')
