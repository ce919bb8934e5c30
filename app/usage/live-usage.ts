import { useEffect, useState } from 'react'
import { pageSignal } from '~/lib/page-signal'
import type { UsageData } from './usage.server'

/** Sent when a finished generation says what the user's usage is now (the chat's `complete` event carries it). */
const usageChanged = pageSignal<UsageData>('usage changed')

export const announceUsage = usageChanged.say

/** The usage to show: the page's data, or what was announced since that data was loaded. */
export function useLiveUsage(loaded: UsageData): UsageData {
  const [announced, setAnnounced] = useState<{ usage: UsageData; over: UsageData } | null>(null)
  useEffect(() => usageChanged.hear((usage) => setAnnounced({ usage, over: loaded })), [loaded])
  return announced?.over === loaded ? announced.usage : loaded
}
