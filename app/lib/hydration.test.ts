import { describe, expect, test } from 'vitest'
import { pageHydrates, type HydrationHandle } from './hydration'

const visitor = { signedIn: false }
const user = { signedIn: true }
const usersOnly: HydrationHandle = { hydrate: ({ signedIn }) => signedIn }

describe('pageHydrates', () => {
  test('a page hydrates unless a matched route says otherwise', () => {
    expect(pageHydrates([undefined, {}, { other: 1 }], visitor)).toBe(true)
    expect(pageHydrates([undefined, { hydrate: true }], visitor)).toBe(true)
    expect(pageHydrates([undefined, { hydrate: false }, {}], user)).toBe(false)
  })

  test('a route may decide by who is looking', () => {
    expect(pageHydrates([undefined, usersOnly], visitor)).toBe(false)
    expect(pageHydrates([undefined, usersOnly], user)).toBe(true)
  })
})
