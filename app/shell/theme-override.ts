import { useSyncExternalStore } from 'react'
import type { Theme } from '~/lib/theme'

/**
 * A theme chosen in Settings but not yet confirmed by the server: applied at once
 * (optimistic) and dropped when the server answers (kept on success through the
 * revalidated preference, rolled back on failure).
 */
let override: Theme | null = null
const listeners = new Set<() => void>()

export function setThemeOverride(theme: Theme | null) {
  override = theme
  listeners.forEach((listener) => listener())
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useThemeOverride = () =>
  useSyncExternalStore(
    subscribe,
    () => override,
    () => null,
  )
