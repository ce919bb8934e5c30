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

/** A first build (no page yet) costs differently from an edit of a page. */
export type TurnKind = 'build' | 'edit'
export const turnKind = (code: string): TurnKind => (code.trim() ? 'edit' : 'build')

/** The spread of `used / (prompt + base)` over recorded turns. */
export type CostSpread = { low: number; high: number }
/** The spreads the page estimates with, for each model and kind. */
export type CostSpreads = Record<ModelId, Record<TurnKind, CostSpread>>

/** Before any turn is recorded: wide enough for a first build's plan, steps and a repair. */
export const DEFAULT_SPREAD: Record<TurnKind, CostSpread> = { build: { low: 1, high: 10 }, edit: { low: 1, high: 6 } }

/**
 * The request's own part of every prompt the turn sends (message, code, history and images;
 * the instructions come on top), known before anything runs: the same count the server
 * reserves by.
 */
export function turnPromptTokens({
  message,
  code,
  messageHistory,
  attachments,
}: {
  message: string
  code: string
  messageHistory: { content: string }[]
  attachments: unknown[]
}) {
  const history = messageHistory.slice(-HISTORY_SENT).reduce((sum, entry) => sum + estimateTokens(entry.content), 0)
  return estimateTokens(message) + estimateTokens(code) + history + attachments.length * IMAGE_TOKENS
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
  if (!sorted.length) return NaN
  const position = p * (sorted.length - 1)
  const below = Math.floor(position)
  const above = Math.ceil(position)
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below)
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
