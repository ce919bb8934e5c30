import type { TurnReview } from '~/generation/review/describe'

/**
 * Issue 40: the review of one exchange as the chat shows it: its changes one by one (or why
 * they cannot be told apart), and the version of the result it was read from, so a page whose
 * history moved on since its data was loaded knows the review is not this exchange's.
 */
export type ExchangeReview = TurnReview & { exchange: number; version: string }
