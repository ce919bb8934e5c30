import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'

/** Every source file of app/ but the tests. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourcesOf(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/**
 * Issue 38.1 (docs/decisions/0056): a page works without JavaScript and gets better with it
 * in one way, so few places ask whether React runs it: the lines of app/ that say `hydrated`
 * (as `grep -rn hydrated app` counts them) stay at 40 or fewer.
 */
it('says `hydrated` in at most 40 lines of app/', () => {
  const lines = sourcesOf(__dirname).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('hydrated'))
      .map((line) => `${path.relative(__dirname, file)}: ${line.trim()}`),
  )
  expect(lines.length, lines.join('\n')).toBeLessThanOrEqual(40)
})
