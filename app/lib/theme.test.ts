import { describe, expect, it } from 'vitest'
import { backgroundColor, resolveTheme } from './theme'

describe('resolveTheme', () => {
  it('is dark for logged-out visitors everywhere', () => {
    for (const pathname of ['/', '/landing', '/about', '/privacy', '/some-piece']) {
      expect(resolveTheme({ pathname, signedIn: false, darkMode: false }).theme).toBe('dark')
    }
  })

  it('is dark on the forced pages even when the user prefers light', () => {
    for (const pathname of ['/', '/landing', '/signin', '/signup']) {
      expect(resolveTheme({ pathname, signedIn: true, darkMode: false })).toEqual({
        theme: 'dark',
        surface: 'public',
      })
    }
  })

  it('follows the saved preference elsewhere, dark by default', () => {
    expect(resolveTheme({ pathname: '/explore', signedIn: true, darkMode: false }).theme).toBe('light')
    expect(resolveTheme({ pathname: '/explore', signedIn: true, darkMode: null }).theme).toBe('dark')
  })

  it('stays dark for visitors whatever they preferred before signing out (issue 12.6)', () => {
    expect(resolveTheme({ pathname: '/about', signedIn: false, darkMode: false }).theme).toBe('dark')
  })

  it('uses the spec colours', () => {
    expect(backgroundColor('dark', 'public')).toBe('#09090b')
    expect(backgroundColor('dark', 'app')).toBe('#18181b')
    expect(backgroundColor('light', 'app')).toBe('#ffffff')
  })
})
