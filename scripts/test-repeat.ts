import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { ensureBuild } from './ensure-build'

/**
 * `npm run test:repeat -- <spec or pattern> [more…] [times]`: runs the chosen end-to-end
 * tests `times` times (default 20) against one served product, then prints each test's
 * tally and `N passed, N failed`. An argument naming a file is a spec; any other is a
 * title pattern (Playwright's --grep). Use it on every test that involves timing.
 */
const DEFAULT_TIMES = 20
const args = process.argv.slice(2)
const times = args.length > 1 && /^\d+$/.test(args.at(-1)!) ? Number(args.pop()) : DEFAULT_TIMES
if (args.length === 0 || times < 1) {
  console.error('usage: npm run test:repeat -- <spec file or title pattern> [more…] [times, default 20]')
  process.exit(2)
}
const specs = args.filter((arg) => existsSync(arg))
const patterns = args.filter((arg) => !existsSync(arg))

await ensureBuild()
const REPORT = '.cache/test-reports/repeat.json'
mkdirSync('.cache/test-reports', { recursive: true })
const playwright = ['playwright', 'test', ...specs, ...(patterns.length ? ['--grep', patterns.join('|')] : []), `--repeat-each=${times}`, '--reporter=dot,json']
console.log(`▶ npx ${playwright.join(' ')}`)
spawnSync('npx', playwright, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: REPORT } })

type Spec = { title: string; file: string; tests: { projectName: string; results: { status: string }[] }[] }
type Suite = { specs?: Spec[]; suites?: Suite[] }
if (!existsSync(REPORT)) {
  console.error('No report was written: Playwright did not run.')
  process.exit(1)
}
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as { suites: Suite[] }
const tally = new Map<string, { passed: number; failed: number }>()
const walk = (suite: Suite) => {
  suite.suites?.forEach(walk)
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const key = `[${test.projectName}] ${spec.file} › ${spec.title}`
      const entry = tally.get(key) ?? { passed: 0, failed: 0 }
      for (const result of test.results) {
        if (result.status === 'passed') entry.passed += 1
        else if (result.status !== 'skipped') entry.failed += 1
      }
      tally.set(key, entry)
    }
  }
}
report.suites.forEach(walk)

let passed = 0
let failed = 0
console.log('')
for (const [key, entry] of tally) {
  passed += entry.passed
  failed += entry.failed
  console.log(`${entry.failed ? '✗' : '✓'} ${entry.passed}/${entry.passed + entry.failed}  ${key}`)
}
if (tally.size === 0) {
  console.error('No test matched.')
  process.exit(1)
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
