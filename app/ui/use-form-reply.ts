import { useEffect, useRef } from 'react'
import { useFetcherSettled } from '~/lib/fetcher'
import type { FormRefused, FormReply } from '~/lib/form-reply'
import { openPaymentDialog } from '~/lib/payment-dialog'
import { useToast } from './toaster'

type Fetcher<Reply> = { state: 'idle' | 'loading' | 'submitting'; data: Reply | undefined }

type Handling<Done> = {
  /**
   * Who asks for the payment dialog when a refusal needs it (the dialog's `source`); `false`
   * when the caller shows that limit its own way (the chat's overlays).
   */
  dialog: string | false
  /** Done: with what the action answered, or undefined after its redirect. */
  onDone?: (done: Done | undefined) => void
  /** Refused, after its toast and dialog. */
  onRefused?: (reply: FormRefused) => void
}

/** A fetcher that never answers: what a page form's hook watches in place of one. */
const STILL: Fetcher<never> = { state: 'idle', data: undefined }

const isFetcher = <Reply>(from: Fetcher<Reply> | Reply | undefined): from is Fetcher<Reply> =>
  typeof from === 'object' && from !== null && 'state' in from && 'data' in from

/**
 * The form kit's hook (docs/decisions/0046): what the page does with a `FormReply`, the same
 * for a fetcher's form and for a page's own form (its action data). A refusal shows its
 * toast and opens the payment dialog when it needs one, then `onRefused`; success calls
 * `onDone`. Answers `lastResult` for conform's `useForm` (the field errors, and what was sent).
 *
 * Without JavaScript none of this runs: a fetcher's form posts the page, whose action
 * redirects back with the toast; a page's own form renders its reply (`<StaticFormToast>`).
 */
export function useFormReply<Done>(from: Fetcher<FormReply<Done>> | FormReply<Done> | undefined, handling: Handling<Done>) {
  const toast = useToast()
  const fetcher = isFetcher(from) ? from : undefined
  const reply = fetcher ? fetcher.data : (from as FormReply<Done> | undefined)

  const settle = (answer: FormReply<Done> | undefined) => {
    if (!answer || answer.ok) return handling.onDone?.(answer?.done)
    if (answer.toast) toast({ ...answer.toast, variant: 'destructive' })
    if (answer.upgrade && handling.dialog !== false) openPaymentDialog(answer.upgrade, handling.dialog)
    handling.onRefused?.(answer)
  }
  useFetcherSettled<FormReply<Done> | undefined>(fetcher ?? STILL, settle)

  // A page's own form: each reply its action gives is a new object, settled once (one the page
  // was rendered with, posted before JavaScript ran, too: its toast moves to the toaster).
  const settled = useRef<unknown>(undefined)
  const latest = useRef(settle)
  useEffect(() => {
    latest.current = settle
  })
  useEffect(() => {
    if (fetcher || !reply || settled.current === reply) return
    settled.current = reply
    latest.current(reply)
  }, [fetcher, reply])

  return { lastResult: reply && !reply.ok ? reply.result : undefined, refused: reply && !reply.ok ? reply : undefined }
}
