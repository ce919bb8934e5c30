import { useFetcher } from '@remix-run/react'
import { useFetcherSettled } from '~/lib/fetcher'
import { useToast } from '~/ui/toaster'
import { ChatToasts } from '../messages'
import type { ChatFormReply } from '../schema'

/**
 * Spec 2 §4 Stop (intent `stop`): once the action has stopped the generation, `onStopped`
 * says so (the event stream may already have); a refusal is a toast.
 */
export function useStop(onStopped: () => void) {
  const fetcher = useFetcher<ChatFormReply>()
  const toast = useToast()
  useFetcherSettled(fetcher, (reply) => {
    if (reply?.ok) return onStopped()
    toast({ title: ChatToasts.stopFailed, variant: 'destructive' })
  })
  return fetcher.Form
}

/** Spec 2 §4 Dismiss (intent `dismiss`): a stop or an error is no longer said, on this page or the next. */
export function useDismiss() {
  return useFetcher<ChatFormReply>().Form
}
