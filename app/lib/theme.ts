export type Theme = 'dark' | 'light'
export type Surface = 'public' | 'app'

/** Pages that are always dark, signed in or not. */
export const FORCED_DARK_PATHS = new Set(['/', '/landing', '/signin', '/signup'])

export const THEME_COLORS = { public: '#09090b', app: '#18181b', light: '#ffffff' } as const

/**
 * Spec 2 §4 and issue 12.6: dark on the forced pages and whenever logged out, whatever a
 * cookie says; otherwise the saved preference (dark by default). See docs/decisions/0005-theme.md.
 */
export function resolveTheme({ pathname, signedIn, darkMode }: { pathname: string; signedIn: boolean; darkMode: boolean | null }): {
  theme: Theme
  surface: Surface
} {
  if (!signedIn || FORCED_DARK_PATHS.has(pathname)) return { theme: 'dark', surface: 'public' }
  return { theme: darkMode === false ? 'light' : 'dark', surface: 'app' }
}

export function backgroundColor(theme: Theme, surface: Surface) {
  return theme === 'light' ? THEME_COLORS.light : THEME_COLORS[surface]
}

export function parseTheme(value: unknown): Theme | null {
  return value === 'dark' || value === 'light' ? value : null
}
