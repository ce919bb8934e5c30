import { useFetcherSettled } from '~/lib/fetcher'
import { useToast } from '~/ui/toaster'
import { PIECE_FORM_FAILURES, type PieceFormReply, type PieceIntent } from './schema'

type PieceFetcher = { state: 'idle' | 'loading' | 'submitting'; data: PieceFormReply | undefined }

/**
 * For the forms whose refusals show under their name field (create, rename): a refusal of
 * the whole form (no answer from the server, the database down, too many requests) is the
 * spec's failure toast for that action instead, with the reason; the name stays as typed.
 * `onSettled` gets the answer as the fetcher's other callers would.
 */
export function useNamedFormFetcher(
  fetcher: PieceFetcher,
  intent: Extract<PieceIntent, 'create' | 'rename'>,
  onSettled?: (reply: PieceFormReply | undefined) => void,
) {
  const toast = useToast()
  useFetcherSettled(fetcher, (reply) => {
    const refused = reply?.result.error?.['']?.[0]
    if (refused) toast({ title: PIECE_FORM_FAILURES[intent], description: refused, variant: 'destructive' })
    onSettled?.(reply)
  })
}
