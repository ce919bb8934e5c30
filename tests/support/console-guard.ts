import { afterEach, beforeEach, vi } from 'vitest'

/**
 * An unexpected `console.error` fails the test that caused it (DESIGN "Habits" 11): an
 * error the code only logs is still an error. A test that provokes one on purpose says so
 * with `expectConsoleError(/pattern/)`.
 */
let expected: RegExp[] = []
let unexpected: string[] = []

const describe = (value: unknown) => (value instanceof Error ? (value.stack ?? value.message) : typeof value === 'string' ? value : JSON.stringify(value))

beforeEach(() => {
  expected = []
  unexpected = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(describe).join(' ')
    if (!expected.some((pattern) => pattern.test(text))) unexpected.push(text)
  })
})

afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (unexpected.length) throw new Error(`Unexpected console.error:\n${unexpected.join('\n')}`)
})

/** Allows `console.error` output matching `pattern` for the rest of this test. */
export function expectConsoleError(pattern: RegExp) {
  expected.push(pattern)
}
