import { useEffect } from 'react'
import { useHydrated } from '~/lib/hydrated'
import type { Toast } from '~/lib/toast'
import { StaticToast, useToast } from './toaster'

/**
 * A toast that an action returns with its data (not after a redirect). With JavaScript
 * it goes to the global toaster; without, it is rendered in place.
 */
export function FormToast({ toast }: { toast: (Omit<Toast, 'id'> & { id?: string }) | null | undefined }) {
  const hydrated = useHydrated()
  const show = useToast()
  useEffect(() => {
    if (toast) show(toast)
  }, [toast, show])
  if (!toast || hydrated) return null
  return <StaticToast toast={toast} />
}
