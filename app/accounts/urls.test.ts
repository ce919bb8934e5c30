import { describe, expect, it } from 'vitest'
import { onboardingUrl, sameOriginPath, signInUrl } from './urls'

const ORIGIN = 'https://pieces.example'

describe('sameOriginPath', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(sameOriginPath('/pieces/demo?x=1', ORIGIN)).toBe('/pieces/demo?x=1')
    expect(sameOriginPath('/explore?prompt=a%20timer#top', ORIGIN)).toBe('/explore?prompt=a%20timer#top')
    expect(sameOriginPath('/', ORIGIN)).toBe('/')
  })

  it('answers the path a browser would really request, encoded', () => {
    expect(sameOriginPath('/ /evil.example', ORIGIN)).toBe('/%20/evil.example')
    expect(sameOriginPath('/settings/../explore', ORIGIN)).toBe('/explore')
    expect(sameOriginPath('/pieces/x?next=//evil.example', ORIGIN)).toBe('/pieces/x?next=//evil.example')
    expect(sameOriginPath('/explore\r\nSet-Cookie: a=b', ORIGIN)).toBe('/exploreSet-Cookie:%20a=b')
  })

  // The attack corpus of issue 15 and its relatives: each is refused, or stays a path of ours.
  const corpus = [
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/%09/evil.example',
    '/%2F%2Fevil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5c%5cevil.example',
    '/%09%2Fevil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '/%0a/evil.example',
    '/%0d%0a/evil.example',
    '/%00/evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    '/ /evil.example',
    'https://evil.example',
    'https:evil.example',
    'http://pieces.example.evil.example/',
    'HTTPS://evil.example/explore',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'evil.example',
    'explore',
    '',
    '/%E0%A4%A',
  ]
  it.each(corpus)('never leaves the origin for %j', (target) => {
    const path = sameOriginPath(target, ORIGIN)
    if (path === null) return
    expect(path.startsWith('/')).toBe(true)
    expect(path.startsWith('//')).toBe(false)
    expect(new URL(path, ORIGIN).origin).toBe(ORIGIN)
    expect(decodeURIComponent(new URL(path, ORIGIN).pathname)).not.toMatch(/\/\/|\\|\p{Cc}/u)
  })

  it('refuses the known open-redirect shapes outright', () => {
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '/%09/evil.example',
      '\t//evil.example',
      'https://evil.example',
      '/%2F%2Fevil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/.//evil.example',
      '/%5Cevil.example',
      '/%0d%0a/evil.example',
      'explore',
      '',
    ]) {
      expect(sameOriginPath(target, ORIGIN), target).toBeNull()
    }
  })

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, { toString: () => '/explore' }]) expect(sameOriginPath(value, ORIGIN)).toBeNull()
  })
})

describe('signInUrl', () => {
  it('remembers the page and its query', () => {
    expect(signInUrl(new Request('http://x/pieces/abc?prompt=hi'))).toBe('/signin?redirect=%2Fpieces%2Fabc%3Fprompt%3Dhi')
  })
})

describe('onboardingUrl', () => {
  it('keeps the prompt parameter', () => {
    expect(onboardingUrl(new Request('http://x/pieces?prompt=a%20timer'))).toBe('/onboarding?prompt=a+timer')
    expect(onboardingUrl(new Request('http://x/explore'))).toBe('/onboarding')
  })
})
