import { z } from 'zod'
import { text } from '~/lib/text'

/**
 * A Piece's saved draft (spec 2 §3 draftData) as it is stored in `jsonb`, parsed where it
 * comes out of the database: a row written by an older version, or edited by hand, becomes
 * a valid value or a clear error, never a shape the code only assumed. The generation
 * engine writes these; the draft is the Piece's, so the shapes live here, below the engine.
 */

/** Spec 2 §3 attachment: an image kept as a data URL (checked strictly where it is sent: app/generation/send-schema.ts). */
export const StoredAttachment = z.object({ id: text().max(100).optional(), type: z.literal('image'), url: z.string() })
export type Attachment = z.infer<typeof StoredAttachment>

/**
 * Issue 13.1: what loading the built code in a real browser found. `skipped` when no
 * browser was available; `repair` when a first check failed and the model was asked once
 * to fix it: whether the repaired version was kept (only when it is better), and the
 * problems of the version that was not (the first one's when the repair was kept).
 */
/** Issue 31: how a recorded check ended on one version (app/checks/). */
export const CHECK_STATUSES = ['pass', 'fail', 'flaky', 'error'] as const
export type CheckStatus = (typeof CHECK_STATUSES)[number]

/** One check's result on one version, as the chat, the menu and the API show it (stored in a generation's verification). */
export const CheckResultSchema = z.object({
  checkId: z.number(),
  name: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** The step that failed (0-based), and what went wrong there. */
  step: z.number().int().nullable().catch(null),
  message: z.string().nullable().catch(null),
  /** The moment it failed, as a small image. */
  screenshot: z.string().nullable().catch(null),
  /** On a generation's run: whether it passed on the accepted version (a failure now is a break). */
  wasPassing: z.boolean().optional().catch(undefined),
})
export type CheckResult = z.infer<typeof CheckResultSchema>

export const VerificationSchema = z.object({
  ok: z.boolean(),
  skipped: z.boolean().catch(false),
  /** Why nothing was checked (issue 27): never the page's fault. Absent in results older than it: no browser. */
  skippedBecause: z.enum(['no-browser', 'busy', 'not-served', 'failed']).optional().catch(undefined),
  errors: z.array(z.string()).catch([]),
  screenshot: z.string().nullable().catch(null),
  repair: z
    .object({ errors: z.array(z.string()).catch([]), kept: z.boolean() })
    .optional()
    .catch(undefined),
  /** Issue 31.2: how the Piece's recorded checks went on this version (absent when it has none, or the page did not load). */
  checks: z.array(CheckResultSchema).optional().catch(undefined),
})
export type Verification = z.infer<typeof VerificationSchema>

/**
 * Issue 29.2: one call a turn made, as its receipt lists it: the plan, each step (its
 * title), the retry asking for the whole document, the repair, each browser check (no
 * tokens), or the offline builder's edit (its patches, or the rewrite).
 */
export const ReceiptCallSchema = z.object({
  kind: z.enum(['plan', 'step', 'retry', 'repair', 'check', 'edit']),
  title: z.string().optional(),
  inputTokens: z.number().int().min(0).catch(0),
  outputTokens: z.number().int().min(0).catch(0),
})
export type ReceiptCall = z.infer<typeof ReceiptCallSchema>

/**
 * Issue 29.2 and 29.3: what a turn cost. `charged` is what its day's usage got (0 when it
 * was refunded), `billable` the part of it past the daily allowance, which usage-based
 * pricing bills; `saved` what patches spared against writing the document out.
 * `refunded` when the page still failed its browser check (with the problems);
 * `repairSkipped` says why no repair was tried when there was none.
 */
export const ReceiptSchema = z.object({
  calls: z.array(ReceiptCallSchema).catch([]),
  used: z.number().catch(0),
  charged: z.number().catch(0),
  billable: z.number().catch(0),
  /** What the billable part added to the month's bill, in cents, as the provider bills it (issue 29.4). */
  billedCents: z.number().int().catch(0),
  saved: z.number().catch(0),
  refunded: z
    // `because: 'checks'` (issue 31.3): the page loaded, but a recorded check still failed after the repair.
    .object({ problems: z.array(z.string()).catch([]), because: z.enum(['checks']).optional().catch(undefined) })
    .optional()
    .catch(undefined),
  repairSkipped: z.string().optional().catch(undefined),
})
export type Receipt = z.infer<typeof ReceiptSchema>

export const ExchangeSchema = z.object({
  userMessage: z.object({ role: z.literal('user'), content: z.string(), attachments: z.array(StoredAttachment).catch([]) }),
  assistantMessage: z.object({
    role: z.literal('assistant'),
    content: z.string(),
    attachments: z.array(StoredAttachment).catch([]),
    patch: z.string().optional(),
    patches: z.array(z.unknown()).optional(),
    /** What the builder said instead of (or besides) building: the offline builder's honest answer. */
    answer: z.string().optional(),
  }),
  tokensUsed: z.number().catch(0),
  verification: VerificationSchema.optional().catch(undefined),
  receipt: ReceiptSchema.optional().catch(undefined),
  /** An entry the assistant did not build, in the history's words: 'Remixed from @owner/name' (issue 32.1). */
  note: z.string().optional().catch(undefined),
  /** Where the Piece's history starts (a remix's copy, issue 37.12): there is nothing before it to go back to. */
  start: z.literal(true).optional().catch(undefined),
})

/** A stored draft; any field that does not parse falls back to its empty value. */
export const StoredDraft = z.object({
  currentInput: z.string().catch(''),
  currentAttachments: z.array(StoredAttachment).catch([]),
  exchangeHistory: z.array(ExchangeSchema).catch([]),
  historyIndex: z.number().int().optional().catch(undefined),
})
