import { z } from 'zod'
import { CHECK_STATUSES } from '~/checks/schema'
import { ExchangeParam, KeepBody } from '~/generation/review/schema'

/**
 * Issue 40.3: the checks of a choice of a turn's changes, asked for by the chat while the
 * choice differs from the turn (POST: queued, answers its code version) and read until the
 * worker has checked it (GET). A resource of the page (its session), by plain requests, so a
 * switch flipped never reloads the page's data.
 */
export const REVIEW_CHECKS_RESOURCE = '/resources/review-checks'

export const ReviewCheckBody = z.object({ pieceId: z.number().int().positive(), exchange: ExchangeParam.shape.exchange, keep: KeepBody.shape.keep })

export const ReviewChecksQuery = z.object({ pieceId: z.coerce.number().int().positive(), version: z.string().min(1).max(64) })

export const ReviewCheckAnswer = z.object({ data: z.object({ version: z.string() }) })

/** What the checks of a version found so far (app/checks/versions.server.ts); null when it was never queued. */
export const ReviewChecksAnswer = z.object({
  data: z
    .object({
      state: z.enum(['queued', 'checked']),
      loaded: z.object({ ok: z.boolean(), errors: z.array(z.string()).catch([]), skipped: z.boolean().catch(false) }).nullable(),
      checks: z.array(z.object({ name: z.string(), status: z.enum(CHECK_STATUSES).nullable(), message: z.string().nullable() })),
    })
    .nullable(),
})
export type ChoiceChecks = NonNullable<z.infer<typeof ReviewChecksAnswer>['data']>
