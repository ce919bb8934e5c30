import { StoredDraft, type Attachment, type Receipt, type Verification } from './draft-schema'

/** Spec 2 §3 exchange and draftData. */
export type Exchange = {
  userMessage: { role: 'user'; content: string; attachments: Attachment[] }
  assistantMessage: { role: 'assistant'; content: string; attachments: Attachment[]; patch?: string; patches?: unknown[]; answer?: string }
  tokensUsed: number
  verification?: Verification
  /** What the turn cost (issue 29.2). */
  receipt?: Receipt
  /** An entry the assistant did not build, said in the history instead of a message (issue 32.1). */
  note?: string
  /** Where the Piece's history starts (a remix's copy, issue 37.12): Undo stops there. */
  start?: true
}

export type DraftData = {
  currentInput: string
  currentAttachments: Attachment[]
  exchangeHistory: Exchange[]
  historyIndex: number
}

export const EMPTY_DRAFT: DraftData = { currentInput: '', currentAttachments: [], exchangeHistory: [], historyIndex: -1 }

/** A stored draft of any shape becomes a valid one: what does not parse falls back to empty. */
export function readDraft(value: unknown): DraftData {
  const parsed = StoredDraft.safeParse(value)
  if (!parsed.success) return EMPTY_DRAFT
  const { exchangeHistory, historyIndex = exchangeHistory.length - 1, ...rest } = parsed.data
  return { ...rest, exchangeHistory, historyIndex: Math.min(Math.max(historyIndex, -1), exchangeHistory.length - 1) }
}

/** The code shown at the current history point: the saved code before any exchange. */
export function codeAt(draft: DraftData, savedCode: string) {
  return draft.historyIndex >= 0 ? (draft.exchangeHistory[draft.historyIndex]?.assistantMessage.content ?? savedCode) : savedCode
}

/** Sending from an earlier point drops the later exchanges (after Confirm Overwrite). */
export const isBehindLatest = (draft: DraftData) => draft.historyIndex < draft.exchangeHistory.length - 1

/** A finished exchange becomes the newest point of history; later ones are dropped. */
export function addExchange(draft: DraftData, exchange: Exchange): DraftData {
  const kept = draft.exchangeHistory.slice(0, draft.historyIndex + 1)
  return { currentInput: '', currentAttachments: [], exchangeHistory: [...kept, exchange], historyIndex: kept.length }
}

/** Whether Undo has anything to go back to: an exchange, and not the one the Piece's history starts with (a fresh remix). */
export const canUndo = (draft: DraftData) => draft.historyIndex >= 0 && !draft.exchangeHistory[draft.historyIndex]?.start

/**
 * Undo steps back one exchange and puts that exchange's message back in the input (to
 * edit and resend); redo steps forward and restores the input of the exchange after it.
 */
export function undo(draft: DraftData): DraftData {
  const undone = draft.exchangeHistory[draft.historyIndex]
  if (!canUndo(draft) || !undone) return draft
  return { ...draft, historyIndex: draft.historyIndex - 1, currentInput: undone.userMessage.content, currentAttachments: undone.userMessage.attachments }
}

export function redo(draft: DraftData): DraftData {
  if (draft.historyIndex >= draft.exchangeHistory.length - 1) return draft
  const index = draft.historyIndex + 1
  const following = draft.exchangeHistory[index + 1]
  return {
    ...draft,
    historyIndex: index,
    currentInput: following?.userMessage.content ?? '',
    currentAttachments: following?.userMessage.attachments ?? [],
  }
}

/**
 * An exchange that changed nothing: its code is the code it was asked of (the exchange
 * before it, or the saved code for the first), as when the builder answered instead of building.
 */
export function changedNothing(draft: DraftData, index: number, savedCode: string) {
  const exchange = draft.exchangeHistory[index]
  const before = index > 0 ? draft.exchangeHistory[index - 1]?.assistantMessage.content : savedCode
  return exchange !== undefined && exchange.assistantMessage.content === before
}

/**
 * A pending generation exists when history holds an exchange not yet accepted that changed
 * the code: Accept and Reject for answers alone would decide nothing (issue 26.4).
 */
export const hasPending = (draft: DraftData, savedCode: string) => draft.exchangeHistory.some((_, index) => !changedNothing(draft, index, savedCode))
