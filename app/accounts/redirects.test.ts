import { describe, expect, it } from 'vitest'
import { signedInRedirect } from './redirects'

const onboarded = { username: 'ada' }
const fresh = { username: null }
const go = (path: string, user: { username: string | null }) => {
  const url = new URL(path, 'http://x')
  return signedInRedirect(url.pathname, url.searchParams, user)
}

describe('signedInRedirect', () => {
  it('holds users without a username at onboarding, keeping the prompt', () => {
    expect(go('/explore', fresh)).toBe('/onboarding')
    expect(go('/pieces?prompt=a%20timer', fresh)).toBe('/onboarding?prompt=a+timer')
    expect(go('/onboarding', fresh)).toBeNull()
  })

  it.each(['/', '/landing', '/signin', '/signup'])('forwards a prompt from %s to /pieces', (path) => {
    expect(go(`${path}?prompt=todo`, onboarded)).toBe('/pieces?prompt=todo')
  })

  it.each(['/', '/onboarding', '/signin', '/signup'])('sends %s without a prompt to /explore', (path) => {
    expect(go(path, onboarded)).toBe('/explore')
  })

  it('keeps /landing without a prompt', () => {
    expect(go('/landing', onboarded)).toBeNull()
  })

  it.each(['about', 'blog', 'contact', 'faq', 'privacy', 'terms'])('moves /%s under /settings', (slug) => {
    expect(go(`/${slug}`, onboarded)).toBe(`/settings/${slug}`)
  })

  it('leaves app pages alone', () => {
    expect(go('/explore', onboarded)).toBeNull()
    expect(go('/settings/about', onboarded)).toBeNull()
  })
})
