import { useMemo, useState } from 'react'
import { addExchange, type DraftData } from '~/pieces/draft'
import { announcePieceSaved } from '~/pieces/piece-saved'
import { announceUsage } from '~/usage/live-usage'
import type { ChatData } from '../types'
import type { Completed } from './use-generation-stream'

type Shown = { eventId: number; draft: DraftData; usage: ChatData['usage'] }

/**
 * The chat's data as the page shows it: the loader's until a generation completes, then the
 * draft and usage its `complete` event carries (the exchange as the draft saved it, at its
 * place, and the usage once charged), so the page does not re-read its data for them. Data
 * loaded since that event (after an Undo, a send, a navigation: its `lastEventId` as new) is
 * the truth again.
 */
export function useCompletedChat(loaded: ChatData) {
  const [shown, setShown] = useState<Shown | null>(null)
  const chat = useMemo(() => (shown && shown.eventId > loaded.lastEventId ? { ...loaded, draft: shown.draft, usage: shown.usage } : loaded), [loaded, shown])
  const complete = ({ eventId, event }: Completed) => {
    if (!Number.isInteger(eventId) || !event.exchange || event.historyIndex === undefined || !event.usage) return
    // The draft keeps the exchanges before the new one's place, as the server's did when it saved it.
    setShown({ eventId, draft: addExchange({ ...chat.draft, historyIndex: event.historyIndex - 1 }, event.exchange), usage: event.usage })
    announceUsage(event.usage)
    announcePieceSaved(loaded.pieceId)
  }
  return { chat, complete }
}
