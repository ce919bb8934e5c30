import { useEffect, useRef } from 'react'
import type { ChatFormReply } from '../schema'

type Fetcher = { state: 'idle' | 'loading' | 'submitting'; data?: ChatFormReply; formData?: FormData }

/**
 * Calls `onReply` once per submission of a chat form's fetcher, when it is done (the
 * action answered and the page's data was reloaded), with the intent it was sent with.
 */
export function useFetcherReply(fetcher: Fetcher, onReply: (reply: ChatFormReply, intent: string) => void) {
  const latest = useRef(onReply)
  useEffect(() => {
    latest.current = onReply
  })
  const submitted = useRef<string | null>(null)
  useEffect(() => {
    if (fetcher.state !== 'idle') {
      submitted.current = String(fetcher.formData?.get('intent') ?? submitted.current ?? '')
      return
    }
    const intent = submitted.current
    submitted.current = null
    if (intent !== null && fetcher.data) latest.current(fetcher.data, intent)
  }, [fetcher.state, fetcher.data, fetcher.formData])
}
