import { z } from 'zod'
import { AttachmentSchema } from './send-schema'

/**
 * The chat's `jsonb` values (spec 2 §3 draftData, a generation's request and result, the
 * events of its stream), parsed where they come out of the database: a row written by an
 * older version, or edited by hand, becomes a valid value or a clear error, never a
 * shape the code only assumed.
 */

const StoredAttachment = AttachmentSchema.partial({ id: true }).extend({ url: z.string() })

/**
 * Issue 13.1: what loading the built code in a real browser found. `skipped` when no
 * browser was available; `repair` when a first check failed and the model was asked once
 * to fix it: whether the repaired version was kept (only when it is better), and the
 * problems of the version that was not (the first one's when the repair was kept).
 */
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
})

const ExchangeSchema = z.object({
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
})

/** A stored draft; any field that does not parse falls back to its empty value. */
export const StoredDraft = z.object({
  currentInput: z.string().catch(''),
  currentAttachments: z.array(StoredAttachment).catch([]),
  exchangeHistory: z.array(ExchangeSchema).catch([]),
  historyIndex: z.number().int().optional().catch(undefined),
})

export const StoredRequest = z.object({
  message: z.string(),
  attachments: z.array(StoredAttachment),
  code: z.string(),
  messageHistory: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
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
})
export type GenerationResult = z.infer<typeof StoredResult>

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
})
