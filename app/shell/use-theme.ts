import { useLocation } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { resolveTheme } from '~/lib/theme'
import { useThemeOverride } from './theme-override'

export function useTheme() {
  const rootData = useRootData()
  const { pathname } = useLocation()
  const override = useThemeOverride()
  const darkMode = override ? override === 'dark' : (rootData?.user?.darkMode ?? null)
  return resolveTheme({
    pathname,
    signedIn: Boolean(rootData?.user),
    darkMode,
  })
}
