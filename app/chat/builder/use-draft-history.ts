import { useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { useToast } from '~/ui/toaster'
import { codeAt, redo, undo, type DraftData } from '../draft'
import { ChatToasts } from '../messages'
import type { ChatData } from '../types'
import { IDLE } from './status'
import type { Composer } from './use-composer'
import type { GenerationView } from './use-generation-stream'

async function patchDraft(pieceId: number, body: Record<string, unknown>) {
  const response = await fetch(`/api/private/pieces?id=${pieceId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`status ${response.status}`)
}

type HistoryDeps = {
  chat: ChatData
  draft: DraftData
  setDraft: (draft: DraftData) => void
  composer: Composer
  view: GenerationView
  closeDialog: () => void
}

/** Spec 2 §4 history: Undo and Redo move through the exchanges, Accept and Reject end them. */
export function useDraftHistory({ chat, draft, setDraft, composer, view, closeDialog }: HistoryDeps) {
  const toast = useToast()
  const { revalidate } = useRevalidator()
  const [deciding, setDeciding] = useState(false)

  function step(kind: 'undo' | 'redo') {
    const next = kind === 'undo' ? undo(draft) : redo(draft)
    if (next === draft) return
    composer.fill(next.currentInput, next.currentAttachments)
    composer.setExpanded(false)
    setDraft(next)
    patchDraft(chat.pieceId, { draftData: next }).catch(() => toast({ title: ChatToasts.settingsFailed, variant: 'destructive' }))
  }

  async function decide(kind: 'accept' | 'reject') {
    setDeciding(true)
    try {
      await patchDraft(chat.pieceId, kind === 'accept' ? { code: codeAt(draft, chat.savedCode), draftData: null } : { draftData: null })
      closeDialog()
      view.setState(IDLE)
      revalidate()
    } catch {
      toast({ title: ChatToasts.settingsFailed, variant: 'destructive' })
    } finally {
      setDeciding(false)
    }
  }

  return { deciding, step, decide }
}
