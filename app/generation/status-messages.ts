/**
 * Spec 2 §4: the words of a generation's status, as the chat shows them. The engine names
 * its own steps with some of them (the browser check, the repair), so they live here, once.
 */
export const STATUS_MESSAGES = {
  idle: 'Ready to build your Piece',
  sending: 'Sending',
  planning: 'Planning',
  generating: 'Generating',
  complete: 'Generation complete',
  /** Issue 26.4: the builder answered in the chat instead of changing the Piece. */
  answered: 'Answered in the chat: the Piece was not changed',
  error: 'Something went wrong',
  busy: 'Another generation in progress',
  stopped: 'Generation stopped',
  verifying: 'Checking in a browser',
  waitingForCheck: 'Waiting to check in a browser',
  repairing: 'Fixing what the check found',
  /** Issue 40.4: the one step of "Redo this change" (it has no plan). */
  redoing: 'Redoing the change',
} as const
