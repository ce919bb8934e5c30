import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { currentRequestId, logger, requestIdFor, startLogContext, withLogContext } from './log.server'

/** The JSON lines written while a test runs (the test process logs warnings and up). */
let written: string[] = []
let restore = () => {}
beforeEach(() => {
  written = []
  const write = process.stdout.write
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  restore = () => void (process.stdout.write = write)
})
afterEach(() => restore())

const lines = () => written.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((line) => JSON.parse(line) as Record<string, unknown>)

describe('request ids', () => {
  it('takes a forwarded id only from a trusted proxy, and only a short, plain one', () => {
    expect(requestIdFor('edge-1.a:b', true)).toBe('edge-1.a:b')
    expect(requestIdFor('edge-1', false)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdFor('a b', true)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdFor('x'.repeat(101), true)).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdFor(['first', 'second'], true)).toBe('first')
    expect(requestIdFor(undefined, true)).not.toBe(requestIdFor(undefined, true))
  })
})

describe('log context', () => {
  it('puts the context on each line, the line’s own fields winning', () => {
    const log = logger('unit')
    startLogContext({ reqId: 'r1', queue: 'q' }, () => {
      withLogContext({ generationId: 7 }, () => log.warn({ queue: 'own' }, 'inner'))
      log.warn('outer')
    })
    log.warn('none')
    const [inner, outer, none] = lines()
    expect(inner).toMatchObject({ level: 'warn', component: 'unit', reqId: 'r1', generationId: 7, queue: 'own', msg: 'inner' })
    expect(outer).toMatchObject({ reqId: 'r1', queue: 'q', msg: 'outer' })
    expect(outer).not.toHaveProperty('generationId')
    expect(none).not.toHaveProperty('reqId')
    expect(typeof none!.time).toBe('string')
  })

  it('starts a context of its own where asked, whatever surrounds it', async () => {
    await startLogContext({ reqId: 'outside' }, async () => {
      await Promise.resolve()
      expect(currentRequestId()).toBe('outside')
      startLogContext({ job: 'j1' }, () => expect(currentRequestId()).toBeUndefined())
      // Left out, not written as undefined.
      withLogContext({ reqId: undefined }, () => expect(currentRequestId()).toBe('outside'))
    })
  })
})
