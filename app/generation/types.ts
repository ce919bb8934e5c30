import type { TargetSpan } from './visual/edits'
import type { z } from 'zod'
import type { ModelId } from '~/lib/models'
import type { Attachment } from '~/pieces/draft-schema'
import type { ChatEventSchema } from './stored'
import type { CheckResult } from '~/checks/schema'

/**
 * Types shared by the engine's modules and the pages that show its work. A plain module: it
 * imports no server code, so components can take these without reaching into `*.server.ts`,
 * and the pipeline and the offline builder both take theirs from here, not from each other.
 */

/** Spec 2 §3 chat stream events (parsed where they leave the database, app/generation/stored.ts). */
export type ChatEvent = z.infer<typeof ChatEventSchema>

/** Where a generation is: spec 2 §3 stream `stage`. */
export type GenerationStage = NonNullable<ChatEvent['stage']>

/** How a Piece's last generation ended, until dismissed (app/generation/outcome.server.ts). */
export type GenerationOutcome = { status: 'complete' | 'stopped' | 'failed'; error: string | null; tokensUsed: number }

/** The generation under way: its message and its latest step (app/generation/outcome.server.ts). */
export type RunningGeneration = {
  text: string
  attachments: Attachment[]
  step: { title: string; index?: number; total?: number } | null
  /** Its place in the queue while it waits for a free builder (issue 27.2). */
  queuePosition?: number
}

export type PipelineInput = {
  model: ModelId
  prompt: string
  attachments: Attachment[]
  code: string
  history: { role: 'user' | 'assistant'; content: string }[]
  /** Tokens this generation may spend (its reservation). */
  maxTokens: number
  signal: AbortSignal
  /** Loads code in a real browser (issue 13.1); given by the worker, which owns the browser (docs/decisions/0028). */
  verify?: Verify
  /** The problems the check found in the version this turn builds on: the same again are not repaired (issue 29.3). */
  lastProblems?: string[]
  /** Issue 30.4: the element the turn is aimed at, as its span in `code`. */
  target?: TargetSpan
  /** Issue 40.4: a redo of one reviewed change: one step, with no plan call. */
  redo?: boolean
  /** Runs CPU work in the worker's one CPU pool (issue 27.1): the offline builder's own work; given by the worker. */
  cpu?: RunOnCpu
}

export type RunOnCpu = <T>(work: () => Promise<T>, signal: AbortSignal) => Promise<T>

/**
 * What loading code in a browser found; when it loaded cleanly, how the Piece's recorded
 * checks went (issue 31.2), with each check's steps in words for a repair.
 */
export type BrowserCheck = { ok: boolean; errors: string[]; screenshot: string | null; checks?: CheckResult[]; checkSteps?: Record<number, string[]> }
/**
 * Why code was not checked: no browser on this server, the machine too busy to check it in
 * time, the preview not served, or the check itself failing. Never the page's fault.
 */
export type SkipReason = 'no-browser' | 'busy' | 'not-served' | 'failed'
export type CheckOutcome = BrowserCheck | { skipped: SkipReason }
/** `waiting`: the check waits for a free slot of the worker's CPU pool; `started`: it has one. */
export type CheckHooks = { waiting: () => Promise<void>; started: () => Promise<void> }
export type Verify = (code: string, signal: AbortSignal, hooks: CheckHooks) => Promise<CheckOutcome>

/** One step of progress: the stage it puts the generation in and the event to stream. */
export type PipelineProgress = {
  stage: 'planning' | 'generating'
  tokensUsed?: number
  event: Omit<ChatEvent, 'pieceId'>
}

export type Report = (progress: PipelineProgress) => Promise<void>
