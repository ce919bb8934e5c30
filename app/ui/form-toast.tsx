import { useEffect } from 'react'
import { useHydrated } from '~/lib/hydrated'
import type { Toast } from '~/lib/toast'
import { useToast } from './toaster'

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
  return (
    <div
      role="status"
      className="toast-life fixed inset-x-0 bottom-4 z-[100] mx-auto w-fit max-w-sm rounded-xl border border-zinc-700 bg-zinc-900 p-4 text-sm text-zinc-100 shadow-lg"
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 opacity-90">{toast.description}</p> : null}
    </div>
  )
}
