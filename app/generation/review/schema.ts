import { z } from 'zod'

/**
 * Issue 40.6: what an API client sends to review a turn — the exchange in the path, and the
 * changes to keep (their positions in the turn's operations) in the body.
 */

const EXCHANGE_MESSAGE = 'exchange must be a whole number from 0 (the first turn of the history).'
const KEEP_MESSAGE = 'keep must be a list of the positions (whole numbers from 0) of the changes to keep.'
const SEEN_MESSAGE = 'seen must be the history point you saw (a whole number from -1).'

/** The most changes a turn's review takes at once (a turn has far fewer). */
export const KEEP_MAX = 500

export const ExchangeParam = z.object({
  exchange: z.coerce.number({ error: EXCHANGE_MESSAGE }).int(EXCHANGE_MESSAGE).min(0, EXCHANGE_MESSAGE).max(100_000, EXCHANGE_MESSAGE),
})

const position = z.number({ error: KEEP_MESSAGE }).int(KEEP_MESSAGE).min(0, KEEP_MESSAGE).max(100_000, KEEP_MESSAGE)

export const KeepBody = z.object({
  keep: z
    .array(position, { error: KEEP_MESSAGE })
    .max(KEEP_MAX, KEEP_MESSAGE)
    .refine((list) => new Set(list).size === list.length, 'keep names a change more than once.'),
  seen: z.number({ error: SEEN_MESSAGE }).int(SEEN_MESSAGE).min(-1, SEEN_MESSAGE).optional(),
})
