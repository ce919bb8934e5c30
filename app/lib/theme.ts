export type Theme = 'dark' | 'light'
export type Surface = 'public' | 'app'

/** Pages that are always dark unless the visitor picked a theme with the toggle. */
export const FORCED_DARK_PATHS = new Set(['/', '/landing', '/signin', '/signup'])

export const THEME_COLORS = { public: '#09090b', app: '#18181b', light: '#ffffff' } as const

/**
 * Spec 2 §4: dark on the forced pages and whenever logged out, otherwise the saved
 * preference (dark by default). A visitor's explicit toggle choice (cookie) wins on
 * public pages; see docs/decisions/0005-theme.md.
 */
export function resolveTheme({
  pathname,
  signedIn,
  darkMode,
  visitorChoice,
}: {
  pathname: string
  signedIn: boolean
  darkMode: boolean | null
  visitorChoice: Theme | null
}): { theme: Theme; surface: Surface } {
  if (!signedIn || FORCED_DARK_PATHS.has(pathname)) {
    return { theme: visitorChoice ?? 'dark', surface: 'public' }
  }
  return { theme: darkMode === false ? 'light' : 'dark', surface: 'app' }
}

export function backgroundColor(theme: Theme, surface: Surface) {
  return theme === 'light' ? THEME_COLORS.light : THEME_COLORS[surface]
}

export function parseTheme(value: unknown): Theme | null {
  return value === 'dark' || value === 'light' ? value : null
}
