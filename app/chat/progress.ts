import { STATUS_MESSAGES } from '~/generation/status-messages'

/** Spec 2 §4 processing status and its words. */
export type ProcessingStatus = 'idle' | 'processing' | 'complete' | 'stopped' | 'error' | 'upgrade'

/** Issue 27.2: a generation waiting for a free builder, at `position` in the queue (1: next). */
export const queueMessage = (position: number) =>
  position <= 1 ? 'Waiting for a free builder: yours is next' : `Waiting for a free builder: ${(position - 1).toLocaleString('en-US')} ahead of yours`

/** What a screen reader calls the status area's bar. */
export const PROGRESS_LABEL = 'Build progress'

export const PROGRESS_CLEAR_AFTER_COMPLETE_MS = 650
export const PROGRESS_CLEAR_AFTER_STOP_MS = 350

const clamp = (value: number) => Math.min(100, Math.max(0, value))

/**
 * The chat's progress hint: Planning 30; a step message 45 + 50 × the step ratio, or 60
 * without step counts; the browser check and its repair 95; Sending 15; complete 100.
 */
export function progressHint(message: string, step?: { index?: number; total?: number }) {
  if (message === STATUS_MESSAGES.complete) return 100
  if (message === STATUS_MESSAGES.sending) return 15
  if (message === STATUS_MESSAGES.planning) return 30
  if (message === STATUS_MESSAGES.verifying || message === STATUS_MESSAGES.waitingForCheck || message === STATUS_MESSAGES.repairing) return 95
  if (step?.total && step.total > 0 && step.index !== undefined) return clamp(45 + 50 * ((step.index + 1) / step.total))
  return 60
}
