import { afterEach, beforeEach, vi } from 'vitest'

/**
 * An unexpected error in the log fails the test that caused it (DESIGN "Habits" 11): an
 * error the code only logs is still an error. That is a `console.error`, or a line of the
 * product's JSON log (app/lib/log.server.ts) at level `error` or `fatal`. A test that
 * provokes one on purpose says so with `expectErrorLog(/pattern/)`, matched against the
 * console text or the whole JSON line; expected lines are not printed.
 */
let expected: RegExp[] = []
let unexpected: string[] = []

const describe = (value: unknown) => (value instanceof Error ? (value.stack ?? value.message) : typeof value === 'string' ? value : JSON.stringify(value))
const isExpected = (text: string) => expected.some((pattern) => pattern.test(text))

/** The error-level lines of a chunk of the JSON log; null when it is not log output. */
function errorLines(chunk: unknown): string[] | null {
  const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : null
  if (text === null || !text.startsWith('{"level":')) return null
  return text.split('\n').filter((line) => /^\{"level":"(error|fatal)"/.test(line))
}

beforeEach(() => {
  expected = []
  unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(describe).join(' ')
    if (!isExpected(text)) unexpected.push(text)
  })
  const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    const errors = errorLines(chunk)
    if (errors?.length && errors.every(isExpected)) return true
    for (const line of errors ?? []) if (!isExpected(line)) unexpected.push(line)
    return write(chunk, ...rest)
  }) as typeof process.stdout.write)
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  vi.mocked(process.stdout.write).mockRestore()
  if (unexpected.length) throw new Error(`Unexpected error in the log:\n${unexpected.join('\n')}`)
})

/** Allows `console.error` output or error-level log lines matching `pattern` for the rest of this test. */
export function expectErrorLog(pattern: RegExp) {
  expected.push(pattern)
}
