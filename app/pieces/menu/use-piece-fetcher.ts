import { useFetcher } from '@remix-run/react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { firstError, useFetcherSettled } from '~/lib/fetcher'
import { isRefusedInBrowser } from '~/lib/unreachable'
import { useToast } from '~/ui/toaster'
import { PIECE_FORM_FAILURES, type PieceFormReply, type PieceIntent } from '../schema'

type Options = {
  /** The server's message goes under the toast's title (spec 1 §8 names what failed). */
  detail?: boolean
  /** The form's fields show their own errors; only the form's errors make a toast. */
  fieldsInPlace?: boolean
  onSettled?: (refused: boolean) => void
}

/**
 * A fetcher for one action of the Piece menu. A refusal shows as the spec's destructive
 * toast for that action, and opens the upgrade dialog when it needs PLUS; success is the
 * action's redirect, which brings the page's data up to date.
 */
export function usePieceFetcher(intent: PieceIntent, { detail = false, fieldsInPlace = false, onSettled }: Options = {}) {
  const fetcher = useFetcher<PieceFormReply>()
  const toast = useToast()
  useFetcherSettled(fetcher, (reply) => {
    const result = reply?.result
    const message = fieldsInPlace ? (result?.error?.['']?.[0] ?? null) : firstError(result)
    if (reply?.requiresSubscription) openPaymentDialog('upgrade-to-plus', `piece-${intent}`)
    // Why it failed, when the server's reason is wanted or the server was never reached (the connection, not the change, is at fault).
    if (message) toast({ title: PIECE_FORM_FAILURES[intent], description: detail || isRefusedInBrowser(reply) ? message : undefined, variant: 'destructive' })
    onSettled?.(firstError(result) !== null)
  })
  return fetcher
}
