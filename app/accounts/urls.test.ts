import { describe, expect, it } from 'vitest'
import { onboardingUrl, safeRedirect, signInUrl } from './urls'

describe('safeRedirect', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirect('/pieces/demo?x=1')).toBe('/pieces/demo?x=1')
  })
  it('refuses other sites and odd values', () => {
    for (const value of ['https://evil.test', '//evil.test', '/\\evil.test', 'explore', null, undefined, '']) {
      expect(safeRedirect(value)).toBe('/explore')
    }
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
