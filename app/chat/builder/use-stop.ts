import { useFetcher } from '@remix-run/react'
import { useFormReply } from '~/ui/use-form-reply'
import type { ChatFormReply } from '../schema'

/**
 * Spec 2 §4 Stop (intent `stop`): once the action has stopped the generation, `onStopped`
 * says so (the event stream may already have); a refusal is its toast.
 */
export function useStop(onStopped: () => void) {
  const fetcher = useFetcher<ChatFormReply>()
  useFormReply(fetcher, { dialog: false, onDone: onStopped })
  return fetcher.Form
}

/** Spec 2 §4 Dismiss (intent `dismiss`): a stop or an error is no longer said, on this page or the next. */
export function useDismiss() {
  return useFetcher<ChatFormReply>().Form
}
