import { z } from 'zod'
import { ExchangeSchema, ReceiptCallSchema, ReceiptSchema, StoredAttachment, VerificationSchema } from '~/pieces/draft-schema'
import type { UsageData } from '~/usage/usage.server'

/**
 * The engine's `jsonb` values (a generation's request and result, the events of its
 * stream), parsed where they come out of the database: a row written by an older version,
 * or edited by hand, becomes a valid value or a clear error, never a shape the code only
 * assumed. The draft they end in is the Piece's: app/pieces/draft-schema.ts.
 */

/** Issue 30.4: the span of the element a turn is aimed at, in its code, and the start tags around it. */
export const TargetSpanSchema = z.object({
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  tag: z.string(),
  ancestors: z.array(z.string()),
})
export type TargetSpan = z.infer<typeof TargetSpanSchema>

export const StoredRequest = z.object({
  message: z.string(),
  attachments: z.array(StoredAttachment),
  code: z.string(),
  messageHistory: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
  /** Issue 29.3: the problems the browser check found in the version this turn builds on, if it failed. */
  lastProblems: z.array(z.string()).optional().catch(undefined),
  /** Issue 30.4: the span of the element the turn is aimed at, in `code`. */
  target: TargetSpanSchema.optional().catch(undefined),
  /** Issue 40.4: a redo of one reviewed change: one call, with no plan. */
  redo: z.boolean().optional().catch(undefined),
})
export type GenerationRequest = z.infer<typeof StoredRequest>

export const StoredResult = z.object({
  code: z.string(),
  patch: z.string(),
  patches: z.array(z.unknown()),
  diffs: z.array(z.unknown()),
  tokensUsed: z.number(),
  tokensSaved: z.number(),
  answer: z.string().optional(),
  /** Issue 26.4: the code is the code it was asked of (an answer, not a build). */
  unchanged: z.boolean().optional(),
  verification: VerificationSchema.optional(),
  /** The calls the turn made, as its receipt lists them (issue 29.2). */
  calls: z.array(ReceiptCallSchema).optional(),
  /** Why no repair was tried although the page failed its check (issue 29.3). */
  repairSkipped: z.string().optional(),
  /** What the turn cost, once charged. */
  receipt: ReceiptSchema.optional(),
})
export type GenerationResult = z.infer<typeof StoredResult>

/** Spec 1 §3 usage data, as the page shows it. */
const UsageSchema = z.object({
  dailyTokenCount: z.number(),
  tokenLimit: z.number(),
  usageBasedPricing: z.boolean(),
  billableTokenCount: z.number(),
  tokenPricePerMillion: z.number(),
  priceCap: z.number().nullable(),
}) satisfies z.ZodType<UsageData>

export const ChatEventSchema = z.object({
  type: z.enum(['ready', 'status', 'progress', 'complete', 'stopped']),
  pieceId: z.number(),
  stage: z.enum(['sending', 'planning', 'generating', 'idle']).optional(),
  currentStepTitle: z.string().optional(),
  plannedStepsTotal: z.number().optional(),
  currentStepIndex: z.number().optional(),
  latestCode: z.string().optional(),
  code: z.string().optional(),
  patch: z.string().optional(),
  patches: z.array(z.unknown()).optional(),
  stepTitle: z.string().optional(),
  stepIndex: z.number().optional(),
  stepsTotal: z.number().optional(),
  tokensUsed: z.number().optional(),
  tokensSaved: z.number().optional(),
  generationId: z.number().optional(),
  /** Issue 27.2: while the generation waits for a worker, its place in the queue (1: next). */
  queuePosition: z.number().optional(),
  error: z.string().optional(),
  verification: VerificationSchema.optional(),
  /** On `complete`: the generation answered and left the code as it was (issue 26.4). */
  unchanged: z.boolean().optional(),
  /**
   * On `complete` (issue 28): the exchange the generation became, as the Piece's draft saved
   * it, and its place there (the draft's `historyIndex`); and the owner's usage once charged.
   * The page updates from these instead of re-reading its data.
   */
  exchange: ExchangeSchema.optional(),
  historyIndex: z.number().int().optional(),
  usage: UsageSchema.optional(),
})
