import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { ensureBuild } from './ensure-build'

/**
 * `npm test`: lint (ESLint and Prettier), type-check, a production build, unit and integration tests (vitest, real
 * PostgreSQL), then the end-to-end tests (Playwright: JavaScript on, off, and an
 * API client). Ends with one line counting every test.
 */
const REPORTS = '.cache/test-reports'
mkdirSync(REPORTS, { recursive: true })

function run(label: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

/** A step run beside others: its output is printed whole when it ends, so steps never interleave. */
function runBeside(label: string, command: string, args: string[]) {
  return new Promise<boolean>((resolve) => {
    const child = spawn(command, args, { env: process.env })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => {
      console.log(`\n▶ ${label}${output ? `\n${output.trimEnd()}` : ''}`)
      resolve(code === 0)
    })
  })
}

const failures: string[] = []
// Lint and the type-check each keep one core busy: side by side on two.
const [linted, typed] = await Promise.all([runBeside('lint', 'npm', ['run', '--silent', 'lint']), runBeside('type-check', 'npx', ['tsc', '--noEmit'])])
if (!linted) failures.push('lint')
if (!typed) failures.push('type-check')

// The process tests start the built product, so build before them.
console.log('\n▶ production build')
await ensureBuild()

const vitestReport = `${REPORTS}/vitest.json`
if (!run('unit and integration tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`])) {
  failures.push('vitest')
}

const playwrightReport = `${REPORTS}/playwright.json`
if (!run('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport })) {
  failures.push('playwright')
}

type VitestReport = {
  numPassedTests: number
  numFailedTests: number
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[]
}

let passed = 0
let failed = 0
/** Each failed test named again at the end, with the first line of why: CI keeps only the tail of the output. */
const failedTests: string[] = []
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as VitestReport
  passed += report.numPassedTests
  failed += report.numFailedTests
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue
      // The first lines of why: an unexpected log line is on the line after its heading.
      const why = (test.failureMessages?.[0] ?? '')
        .split('\n')
        .filter((line) => line.trim())
        .slice(0, 3)
        .join(' ⏎ ')
      failedTests.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}: ${why.slice(0, 900)}`)
    }
  }
}
if (existsSync(playwrightReport)) {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } }
  passed += stats.expected + stats.flaky
  failed += stats.unexpected
}
if (failures.length && failed === 0) failed = failures.length
// A report's count is the last word: a step whose process ended 0 despite failed tests still fails.
if (failed > 0 && failures.length === 0) failures.push('tests')

if (failedTests.length) console.log(`\nFailed unit and integration tests:\n${failedTests.map((line) => `  ✗ ${line}`).join('\n')}`)
console.log(failures.length ? `\nFailed steps: ${failures.join(', ')}` : '\nAll steps passed.')
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failures.length ? 1 : 0)
