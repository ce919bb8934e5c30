import { readdirSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUILD_DIR } from '../../runtime/paths'

/**
 * A deployment builds with the development dependencies, then runs `npm ci --omit=dev` and
 * `npm run serve` (docs/operations.md, decision 0045): what the built processes import must
 * be runtime dependencies. The global setup has built the bundles as a deployment would.
 */
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
/** Imported only by `npm run dev` (server/web.ts's development branch), never by a built process. */
const DEVELOPMENT_ONLY = new Set(['vite'])

const bundles = () => [
  ...readdirSync(path.join(BUILD_DIR, 'node'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(BUILD_DIR, 'node', name)),
  path.join(BUILD_DIR, 'server', 'index.js'),
]

/** A bare specifier: a package's name, maybe scoped, maybe with a path inside it. */
const PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i

/** The packages a module imports, statically or dynamically, by bare name. */
function packagesImportedBy(source: string) {
  const names = new Set<string>()
  const patterns = [/\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"'./][^"']*)["']/g, /\bimport\(\s*["']([^"'./][^"']*)["']\s*\)/g]
  for (const pattern of patterns)
    for (const [, specifier = ''] of source.matchAll(pattern)) {
      if (!PACKAGE_NAME.test(specifier) || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue
      names.add(
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      )
    }
  return names
}

describe('a production start', () => {
  it('imports only runtime dependencies from the built processes and the app', () => {
    const imported = new Set(bundles().flatMap((file) => [...packagesImportedBy(readFileSync(file, 'utf8'))]))
    expect(imported).toContain('express')
    expect(imported).toContain('@remix-run/node')
    const missing = [...imported].filter((name) => !(name in dependencies) && !DEVELOPMENT_ONLY.has(name))
    expect(missing).toEqual([])
  })
})
