import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { apiRoute, STATUS_OF } from './api.server'
import type * as errors from './errors'
import { DomainError, isDomainError, type RefusalKind } from './errors'

const root = join(import.meta.dirname, '..', '..')

/** Every `new DomainError('kind', …)` and subclass `super('kind', …)` in the product's code, with where it is. */
function thrownKinds() {
  const found: Array<{ kind: string; at: string }> = []
  const unreadable: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const source = readFileSync(path, 'utf8')
        const at = (index: number) => `${relative(root, path)}:${source.slice(0, index).split('\n').length}`
        for (const match of source.matchAll(/new DomainError\(\s*(?:'([^']*)'|([^,)]*))/g)) {
          if (match[1] === undefined) unreadable.push(`${at(match.index)} new DomainError(${match[2]}`)
          else found.push({ kind: match[1], at: at(match.index) })
        }
        if (/extends DomainError\b/.test(source)) {
          for (const match of source.matchAll(/super\(\s*(?:'([^']*)'|([^,)]*))/g)) {
            if (match[1] === undefined) unreadable.push(`${at(match.index)} super(${match[2]}`)
            else found.push({ kind: match[1], at: at(match.index) })
          }
        }
      }
    }
  }
  for (const dir of ['app', 'server', 'jobs']) walk(join(root, dir))
  return { found, unreadable }
}

describe('refusal kinds', () => {
  it('every kind the code throws has its status in STATUS_OF: a 4xx, 502 for a service of ours that is down, 503 when the builders are full', () => {
    const { found, unreadable } = thrownKinds()
    // A kind passed as a variable could be any string: each throw names its kind, so this test sees them all.
    expect(unreadable).toEqual([])
    expect(found.length).toBeGreaterThan(20)
    const statusOf = STATUS_OF as Record<string, number | undefined>
    const without = found.filter(({ kind }) => statusOf[kind] === undefined).map(({ kind, at }) => `${at} '${kind}'`)
    expect(without).toEqual([])
    // The two refusals that are not about the request: billing, storage or a model server is
    // unreachable, or every builder is taken (issue 27.3, answered with Retry-After).
    const notTheRequest: Record<string, number> = { unavailable: 502, busy: 503 }
    for (const [kind, status] of Object.entries(STATUS_OF)) {
      if (kind in notTheRequest) expect(status, kind).toBe(notTheRequest[kind])
      else {
        expect(status, kind).toBeGreaterThanOrEqual(400)
        expect(status, kind).toBeLessThan(500)
      }
    }
  })

  it('is recognised when another copy of this module made it (server.ts and the Remix build each load one)', async () => {
    // A query makes the module loader evaluate the file again: a second copy of the class, as in production.
    const copy = './errors?another-module-graph'
    const other = (await import(/* @vite-ignore */ copy)) as typeof errors
    expect(other.DomainError).not.toBe(DomainError)
    const refusal = new other.DomainError('invalid', 'starting_after is not one of your invoices.')
    expect(refusal instanceof DomainError).toBe(true)
    expect(isDomainError(refusal, 'invalid')).toBe(true)
    expect(new Error('x') instanceof DomainError).toBe(false)

    const route = apiRoute(async () => {
      throw refusal
    })
    const answer = await route({ request: new Request('http://localhost/api/x'), params: {}, context: {} } as Parameters<typeof route>[0])
    expect(answer.status).toBe(400)
    expect(await answer.json()).toEqual({ message: 'starting_after is not one of your invoices.' })
  })

  it('keeps the ordinary instanceof for subclasses', () => {
    class Special extends DomainError {}
    const kinds: RefusalKind[] = ['conflict']
    expect(new Special(kinds[0]!, 'x') instanceof Special).toBe(true)
    expect(new DomainError('conflict', 'x') instanceof Special).toBe(false)
    expect(new Special('conflict', 'x') instanceof DomainError).toBe(true)
  })
})
