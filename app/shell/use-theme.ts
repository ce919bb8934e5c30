import { useLocation } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { resolveTheme } from '~/lib/theme'

export function useTheme() {
  const rootData = useRootData()
  const { pathname } = useLocation()
  return resolveTheme({
    pathname,
    signedIn: Boolean(rootData?.user),
    darkMode: rootData?.user?.darkMode ?? null,
    visitorChoice: rootData?.visitorTheme ?? null,
  })
}
