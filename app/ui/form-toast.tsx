import { useEffect } from 'react'
import type { FormReply } from '~/lib/form-reply'
import { useHydrated } from '~/lib/hydrated'
import type { Toast } from '~/lib/toast'
import { StaticToast, useToast } from './toaster'

/**
 * A refusal's toast on a page rendered with its form's reply (posted without JavaScript): in
 * place, since no toaster runs. With JavaScript `useFormReply` gives it to the toaster.
 */
export function StaticFormToast({ reply }: { reply: FormReply<unknown> | null | undefined }) {
  const hydrated = useHydrated()
  if (!reply || reply.ok || !reply.toast || hydrated) return null
  return <StaticToast toast={{ ...reply.toast, variant: 'destructive' }} />
}

/**
 * A toast the page's own data asks for (a part of it could not be loaded): given to the
 * toaster with JavaScript, rendered in place without.
 */
export function PageToast({ toast }: { toast: Omit<Toast, 'id'> | null | undefined }) {
  const hydrated = useHydrated()
  const show = useToast()
  useEffect(() => {
    if (toast) show(toast)
  }, [toast, show])
  if (!toast || hydrated) return null
  return <StaticToast toast={toast} />
}
