import { useLocation } from '@remix-run/react'
import { useRootData } from '~/lib/root-data'
import { resolveTheme } from '~/lib/theme'
import { useThemeOverride } from './theme-override'

type Viewer = { signedIn: boolean; darkMode: boolean | null }

/**
 * Who the page was last drawn for, in the browser only (on the server this module is shared
 * by every request). A page with JavaScript whose root data could not be read (the database
 * down: the whole page becomes the "Temporarily unavailable" screen) has no user of its own
 * and keeps this one's theme, so a light page does not turn dark for the error.
 */
let lastViewer: Viewer | null = null

export function useTheme() {
  const rootData = useRootData()
  const { pathname } = useLocation()
  const override = useThemeOverride()
  let viewer: Viewer = { signedIn: Boolean(rootData?.user), darkMode: rootData?.user?.darkMode ?? null }
  if (typeof document !== 'undefined') {
    if (rootData) lastViewer = viewer
    else if (lastViewer) viewer = lastViewer
  }
  return resolveTheme({
    pathname,
    signedIn: viewer.signedIn,
    darkMode: override ? override === 'dark' : viewer.darkMode,
  })
}
