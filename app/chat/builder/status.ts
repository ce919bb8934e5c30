import { changedNothing, hasPending } from '~/pieces/draft'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import { PROGRESS_CLEAR_AFTER_COMPLETE_MS, PROGRESS_CLEAR_AFTER_STOP_MS, progressHint, queueMessage, type ProcessingStatus } from '../progress'
import type { ChatData } from '../types'

/** Spec 2 §3 processing status: what the status line says and how full the bar is. */
export type Status = { status: ProcessingStatus; message: string; progress: number | null; detail?: string }

export const IDLE: Status = { status: 'idle', message: STATUS_MESSAGES.idle, progress: null }
export const SENDING: Status = { status: 'processing', message: STATUS_MESSAGES.sending, progress: 15 }
export const COMPLETE: Status = { status: 'complete', message: STATUS_MESSAGES.complete, progress: 100 }
export const STOPPED: Status = { status: 'stopped', message: STATUS_MESSAGES.stopped, progress: null }

/** Issue 29.3: a stopped turn is charged for what it used, and says so under the status. */
export const stopped = (tokensUsed: number | undefined): Status => ({
  ...STOPPED,
  ...(tokensUsed !== undefined && { detail: `Charged ${tokensUsed.toLocaleString('en-US')} tokens for what it used before it stopped.` }),
})
/** A generation that ended with an answer and the code as it was: nothing to accept or reject (issue 26.4). */
export const ANSWERED: Status = { status: 'idle', message: STATUS_MESSAGES.answered, progress: null }

/** A send that came to nothing: an error, or a limit that opens an overlay. */
export const failure = (message: string, status: 'error' | 'upgrade' = 'error'): Status => ({ status, message, progress: null })

/** Sent, and waiting in the queue for a free builder (issue 27.2). */
export const queued = (position: number): Status => ({ status: 'processing', message: queueMessage(position), progress: 15 })

export function statusFromStage(stage: string): Status {
  if (stage === 'planning') return { status: 'processing', message: STATUS_MESSAGES.planning, progress: 30 }
  if (stage === 'generating') return { status: 'processing', message: STATUS_MESSAGES.generating, progress: 60 }
  if (stage === 'sending') return SENDING
  return IDLE
}

/**
 * What the status line says when the page loads, with or without JavaScript: a running
 * generation's latest step, or its stage; otherwise how the last one ended, in the words the event stream
 * uses. "Generation complete" stays while its result waits for Accept or Reject, the answer
 * note while the last generation's answer (the code unchanged) is the newest exchange; a stop or
 * an error stays, with Retry and Dismiss, until dismissed.
 */
export function initialStatus({
  stage,
  lastOutcome,
  draft,
  running,
  savedCode,
}: Pick<ChatData, 'stage' | 'lastOutcome' | 'draft' | 'running' | 'savedCode'>): Status {
  const step = running?.step
  if (stage !== 'idle' && step) return { status: 'processing', message: step.title, progress: progressHint(step.title, step) }
  if (stage === 'sending' && running?.queuePosition) return queued(running.queuePosition)
  if (stage !== 'idle') return statusFromStage(stage)
  // The last generation answered, and its answer is where history stands.
  const answered = draft.historyIndex === draft.exchangeHistory.length - 1 && changedNothing(draft, draft.historyIndex, savedCode)
  if (lastOutcome?.status === 'complete' && answered && draft.exchangeHistory[draft.historyIndex]?.assistantMessage.answer) return ANSWERED
  if (lastOutcome?.status === 'complete' && hasPending(draft, savedCode)) return { ...COMPLETE, progress: null }
  if (lastOutcome?.status === 'stopped') return { ...stopped(lastOutcome.tokensUsed), progress: null }
  if (lastOutcome?.status === 'failed') return { ...failure(lastOutcome.error ?? STATUS_MESSAGES.error), progress: null }
  return IDLE
}

/** Spec 2 §4: the bar stays full 650 ms after complete, 350 ms after anything else. */
export const clearAfter = (status: Status) => (status.status === 'complete' ? PROGRESS_CLEAR_AFTER_COMPLETE_MS : PROGRESS_CLEAR_AFTER_STOP_MS)

/**
 * Spec 2 §4: the status a generation ends with, as the bar shows it until `clearAfter`.
 * Complete fills it; a stop, an error or a limit leaves it where the run had got to, so
 * the words change at once and the bar clears a moment later instead of in the same frame.
 */
export const ending = (shown: Status, next: Status): Status =>
  next.status === 'complete' || next.status === 'idle' ? next : { ...next, progress: shown.progress }
