import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * Issue 38.4: types that hold. Product code parses what comes in at its edges (the schemas)
 * instead of asserting inside. When the issue was filed there were 162 `as` casts and 173
 * non-null `!`; the goal was half. After it, 60 and 14: the budget holds them there, with a
 * little room. `as const` is not an escape. Tests, specs and
 * fakes are not product code. A new escape needs one removed elsewhere, or a reason to
 * raise the budget here in the same commit.
 */
const BUDGET = { casts: 64, nonNull: 18 }
const ROOT = path.resolve(__dirname, '..')
const PRODUCT = ['app', 'server', 'jobs', 'db', 'runtime', 'server.ts', 'worker.ts']

function sources(entry: string): string[] {
  const full = path.join(ROOT, entry)
  if (/\.tsx?$/.test(entry)) return [full]
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((file) => file.isFile() && /\.tsx?$/.test(file.name) && !/\.(test|spec)\.tsx?$/.test(file.name) && !file.name.endsWith('.d.ts'))
    .map((file) => path.join(file.parentPath, file.name))
}

/** The casts (`as T`, `<T>x`; not `as const`) and non-null assertions of one file. */
function escapesIn(fileName: string, text: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  let casts = 0
  let nonNull = 0
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText(source) === 'const')) casts += 1
    if (ts.isTypeAssertionExpression(node)) casts += 1
    if (ts.isNonNullExpression(node)) nonNull += 1
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { casts, nonNull }
}

describe('type escapes in product code (issue 38.4)', () => {
  it('counts casts and non-null assertions, and not `as const`', () => {
    expect(escapesIn('a.ts', 'const a = b as string; const c = [1] as const; const d = e!.f; const g = <number>h')).toEqual({ casts: 2, nonNull: 1 })
  })

  it('stays within its budget', () => {
    const total = { casts: 0, nonNull: 0 }
    const files = PRODUCT.flatMap(sources)
    expect(files.length).toBeGreaterThan(100)
    for (const file of files) {
      const found = escapesIn(file, readFileSync(file, 'utf8'))
      total.casts += found.casts
      total.nonNull += found.nonNull
    }
    expect(total.casts).toBeLessThanOrEqual(BUDGET.casts)
    expect(total.nonNull).toBeLessThanOrEqual(BUDGET.nonNull)
  })
})
