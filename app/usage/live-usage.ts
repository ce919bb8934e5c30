import { useEffect, useState } from 'react'
import type { UsageData } from './usage.server'

/** Sent when a finished generation says what the user's usage is now (the chat's `complete` event carries it). */
const USAGE_EVENT = 'usage changed'

export function announceUsage(usage: UsageData) {
  window.dispatchEvent(new CustomEvent<UsageData>(USAGE_EVENT, { detail: usage }))
}

/** The usage to show: the page's data, or what was announced since that data was loaded. */
export function useLiveUsage(loaded: UsageData): UsageData {
  const [announced, setAnnounced] = useState<{ usage: UsageData; over: UsageData } | null>(null)
  useEffect(() => {
    const hear = (event: Event) => setAnnounced({ usage: (event as CustomEvent<UsageData>).detail, over: loaded })
    window.addEventListener(USAGE_EVENT, hear)
    return () => window.removeEventListener(USAGE_EVENT, hear)
  }, [loaded])
  return announced?.over === loaded ? announced.usage : loaded
}
