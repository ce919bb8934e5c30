import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 38.3: every tie between features runs one way. The lint's walls forbid the ties
 * that are known to be wrong; this reads every import of app/ and holds the rest: each
 * feature folder is in the lint's list (so its walls apply), and no two features need each
 * other, directly or round a loop. Type-only imports count: a type is a tie too.
 */
const APP = path.resolve(__dirname)
const BASE = new Set(['lib', 'ui', 'routes'])
/** The lint's list of features, as eslint.config.js writes it. */
const FEATURES = [
  ...(/const FEATURES = \[([^\]]*)\]/.exec(readFileSync(path.join(APP, '..', 'eslint.config.js'), 'utf8'))?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((match) => match[1])

const folders = readdirSync(APP, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !BASE.has(entry.name))
  .map((entry) => entry.name)

function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourcesOf(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The folder of app/ an import names, from a file of that feature. */
function folderOf(specifier: string, file: string): string | null {
  const target = specifier.startsWith('~/')
    ? path.join(APP, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(file), specifier)
      : null
  if (!target) return null
  const relative = path.relative(APP, target)
  return relative.startsWith('..') ? null : (relative.split(path.sep)[0] ?? null)
}

/** Which features each feature imports. */
function ties(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>()
  for (const feature of folders) {
    const imported = new Set<string>()
    for (const file of sourcesOf(path.join(APP, feature))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
        const folder = folderOf(specifier!, file)
        if (folder && folder !== feature && folders.includes(folder)) imported.add(folder)
      }
    }
    graph.set(feature, imported)
  }
  return graph
}

/** A loop of features that import each other, or null when every tie runs one way. */
function loopIn(graph: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>()
  const visit = (feature: string, trail: string[]): string[] | null => {
    if (trail.includes(feature)) return [...trail.slice(trail.indexOf(feature)), feature]
    if (done.has(feature)) return null
    for (const next of graph.get(feature) ?? []) {
      const loop = visit(next, [...trail, feature])
      if (loop) return loop
    }
    done.add(feature)
    return null
  }
  for (const feature of graph.keys()) {
    const loop = visit(feature, [])
    if (loop) return loop
  }
  return null
}

describe('the ties between features (issue 38.3)', () => {
  it("lists every feature folder in the lint's features, so its walls apply to it", () => {
    expect([...folders].sort()).toEqual([...FEATURES].sort())
  })

  it('has no two features that import each other, directly or round a loop', () => {
    expect(loopIn(ties())).toBeNull()
  })

  it('finds a loop where there is one (the check above can fail)', () => {
    const graph = new Map([
      ['pieces', new Set(['checks', 'accounts'])],
      ['checks', new Set(['pieces'])],
      ['accounts', new Set<string>()],
    ])
    expect(loopIn(graph)).toEqual(['pieces', 'checks', 'pieces'])
  })
})
