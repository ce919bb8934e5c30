import { useMatches } from '@remix-run/react'
import { useRootData } from './root-data'

/**
 * A route's say on whether its page loads React (docs/decisions/0040): `handle = { hydrate: false }`
 * for a page that works as the server rendered it, with at most a few small scripts of its own
 * (`<Enhancement>`), or a function of who is looking.
 */
export type HydrationHandle = { hydrate?: boolean | ((viewer: { signedIn: boolean }) => boolean) }

/** True unless one of the matched routes' handles says its page needs no React. */
export function pageHydrates(handles: unknown[], viewer: { signedIn: boolean }) {
  return handles.every((handle) => {
    const hydrate = (handle as HydrationHandle | undefined)?.hydrate
    return typeof hydrate === 'function' ? hydrate(viewer) : hydrate !== false
  })
}

export function usePageHydrates() {
  const matches = useMatches()
  const signedIn = Boolean(useRootData()?.user)
  return pageHydrates(
    matches.map((match) => match.handle),
    { signedIn },
  )
}
