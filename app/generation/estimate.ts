import type { ModelId } from '~/lib/models'
import { compactTokens } from '~/usage/format'
import { estimateTokens, IMAGE_TOKENS } from './tokens'

/**
 * Issue 29.1: what a turn will cost, before Send. A turn's cost grows with what it sends
 * (the message, the page, the recent history, the images) on top of what every turn costs
 * (the instructions, the page it writes): `used ≈ ratio × (prompt + ESTIMATE_BASE_TOKENS)`.
 * The ratios' spread comes from recorded turns of the same kind and model (their 5th and
 * 95th percentiles, the repairs they needed included: app/generation/estimate.server.ts),
 * so about nine turns in ten land inside the range (`npm run bench:estimate`).
 */
export const ESTIMATE_BASE_TOKENS = 1_000
/** Earlier chat messages a turn sends (its plan sees them). */
export const HISTORY_SENT = 6
/** Recorded turns needed before their spread is used instead of the default. */
export const ESTIMATE_MIN_TURNS = 5

/**
 * A first build (no page yet) costs differently from an edit of a page, and an edit aimed at
 * one element picked in the preview (issue 30.4: the model is sent that element, not the page)
 * differently again (issue 37.10); a redo of one reviewed change (issue 40.4) is one call, with no plan.
 */
export type TurnKind = 'build' | 'edit' | 'aimed' | 'redo'
export const TURN_KINDS = ['build', 'edit', 'aimed', 'redo'] as const satisfies readonly TurnKind[]
export const turnKind = (code: string, aimed = false, redo = false): TurnKind => (!code.trim() ? 'build' : redo ? 'redo' : aimed ? 'aimed' : 'edit')

/** The spread of `used / (prompt + base)` over recorded turns. */
export type CostSpread = { low: number; high: number }
/** The spreads the page estimates with, for each model and kind. */
export type CostSpreads = Record<ModelId, Record<TurnKind, CostSpread>>

/** Before any turn is recorded: wide enough for a first build's plan, steps and a repair. */
export const DEFAULT_SPREAD: Record<TurnKind, CostSpread> = {
  build: { low: 1, high: 10 },
  edit: { low: 1, high: 6 },
  // A plan and a step or two that read the element (answers the size of the element): about the base once.
  aimed: { low: 0.5, high: 3 },
  // One step that reads the element (or the page, when the change's element is gone) and writes it again.
  redo: { low: 0.3, high: 2 },
}

/** What an aimed send shows the model in place of the page: the element's code and the start tags of its nearest ancestors. */
export type AimedAt = { element: string; ancestors: string[] }

/**
 * The request's own part of every prompt the turn sends (message, code, history and images;
 * the instructions come on top), known before anything runs: the same count the server
 * reserves by. A send aimed at an element sends that element and its ancestors' start tags
 * instead of the page (app/generation/pipeline.server.ts `scopeOf`), and is counted so.
 */
export function turnPromptTokens({
  message,
  code,
  messageHistory,
  attachments,
  aimed = null,
}: {
  message: string
  code: string
  messageHistory: { content: string }[]
  attachments: unknown[]
  aimed?: AimedAt | null
}) {
  const history = messageHistory.slice(-HISTORY_SENT).reduce((sum, entry) => sum + estimateTokens(entry.content), 0)
  const page = aimed ? estimateTokens(aimed.element) + estimateTokens(aimed.ancestors.join(' › ')) : estimateTokens(code)
  return estimateTokens(message) + page + history + attachments.length * IMAGE_TOKENS
}

export type CostEstimate = { low: number; high: number }

export function estimateCost(promptTokens: number, spread: CostSpread): CostEstimate {
  const base = promptTokens + ESTIMATE_BASE_TOKENS
  return { low: Math.round(spread.low * base), high: Math.round(spread.high * base) }
}

/** "about 4K–9K tokens" */
export const describeEstimate = ({ low, high }: CostEstimate) => `about ${compactTokens(low)}–${compactTokens(high)} tokens`

/** The share of recorded turns the range leaves out at each end. */
export const ESTIMATE_TAIL = 0.05

/** The p-th percentile by linear interpolation between ranks, as PostgreSQL's percentile_cont. */
export function percentile(sorted: number[], p: number) {
  const position = p * (sorted.length - 1)
  const below = sorted[Math.floor(position)]
  const above = sorted[Math.ceil(position)]
  if (below === undefined || above === undefined) return NaN
  return below + (above - below) * (position - Math.floor(position))
}

/**
 * A few turns say little about the tails: the percentiles of `turns` recorded turns are
 * widened by 1 + 0.5/√turns (replaying the offline corpus in order, the plain percentiles
 * held 82% of turns; widened, 94%: bench:estimate).
 */
export function widened({ low, high }: CostSpread, turns: number): CostSpread {
  const margin = 1 + 0.5 / Math.sqrt(turns)
  return { low: low / margin, high: high * margin }
}

/** The spread of recorded turns' ratios (`used / (prompt + base)`), or the default for their kind when there are too few. */
export function spreadOf(ratios: number[], kind: TurnKind): CostSpread {
  if (ratios.length < ESTIMATE_MIN_TURNS) return DEFAULT_SPREAD[kind]
  const sorted = [...ratios].sort((a, b) => a - b)
  return widened({ low: percentile(sorted, ESTIMATE_TAIL), high: percentile(sorted, 1 - ESTIMATE_TAIL) }, sorted.length)
}

/** A recorded turn's ratio. */
export const costRatio = (used: number, promptTokens: number) => used / (promptTokens + ESTIMATE_BASE_TOKENS)
