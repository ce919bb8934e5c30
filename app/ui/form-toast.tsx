import { useEffect } from 'react'
import type { FormReply } from '~/lib/form-reply'
import type { Toast } from '~/lib/toast'
import { StaticToast, useToast } from './toaster'
import { WithoutJs } from './with-js'

/**
 * A refusal's toast on a page rendered with its form's reply (posted without JavaScript): in
 * place, since no toaster runs. With JavaScript `useFormReply` gives it to the toaster.
 */
export function StaticFormToast({ reply }: { reply: FormReply<unknown> | null | undefined }) {
  if (!reply || reply.ok || !reply.toast) return null
  return (
    <WithoutJs>
      <StaticToast toast={{ ...reply.toast, variant: 'destructive' }} />
    </WithoutJs>
  )
}

/**
 * A toast the page's own data asks for (a part of it could not be loaded): given to the
 * toaster with JavaScript, rendered in place without.
 */
export function PageToast({ toast }: { toast: Omit<Toast, 'id'> | null | undefined }) {
  const show = useToast()
  useEffect(() => {
    if (toast) show(toast)
  }, [toast, show])
  if (!toast) return null
  return (
    <WithoutJs>
      <StaticToast toast={toast} />
    </WithoutJs>
  )
}
