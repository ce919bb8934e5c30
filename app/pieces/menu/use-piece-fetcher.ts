import { useFetcher } from '@remix-run/react'
import type { FormReply } from '~/lib/form-reply'
import { useFormReply } from '~/ui/use-form-reply'
import type { PieceIntent } from '../schema'

type Options = {
  /** Who asks for the payment dialog when a refusal needs PLUS; by default the menu's action. */
  dialog?: string
  onSettled?: (refused: boolean) => void
}

/**
 * A fetcher for one Piece form (the sidebar's New Piece, each action of the Piece menu),
 * answered by the form kit: a refusal shows where the form's words put it (under the name,
 * or the spec's destructive toast for that action) and opens the upgrade dialog when it
 * needs PLUS; success is the action's redirect, which brings the page's data up to date.
 */
export function usePieceFetcher(intent: PieceIntent, { dialog = `piece-${intent}`, onSettled }: Options = {}) {
  const fetcher = useFetcher<FormReply>()
  const { lastResult } = useFormReply(fetcher, { dialog, onDone: () => onSettled?.(false), onRefused: () => onSettled?.(true) })
  return { ...fetcher, lastResult }
}
