import type { ModelId } from '~/lib/models'
import type { DraftData } from '~/pieces/draft'
import type { CostSpreads } from '~/generation/estimate'
import type { ExchangeReview } from './builder/review/types'
import type { GenerationOutcome, GenerationStage, RunningGeneration } from '~/generation/types'

/** What the chat builder needs besides the Piece itself (the owner's view). */
export type ChatData = {
  pieceId: number
  savedCode: string
  draft: DraftData
  /** Issue 40: the changes of each exchange that has operations, one by one (those the page shows under it). */
  reviews: ExchangeReview[]
  /**
   * The Piece's latest generation event when `draft` was read: a `complete` event after it
   * carries a newer draft and usage, which the page shows instead (issue 28).
   */
  lastEventId: number
  stage: GenerationStage
  /** How the last generation ended, until dismissed. */
  lastOutcome: GenerationOutcome | null
  /** The generation under way when the page loaded. */
  running: RunningGeneration | null
  model: ModelId
  subscribed: boolean
  /** Today's usage; with usage-based pricing, the price and the month's billed tokens say the estimate in money. */
  usage: { dailyTokenCount: number; tokenLimit: number; usageBasedPricing: boolean; tokenPricePerMillion: number; billableTokenCount: number }
  showTokenUsage: boolean
  /** What turns cost, for the estimate before Send (issue 29.1). */
  spreads: CostSpreads
  runnerUrl: string
  draftPreviewUrl: string
  previewOrigin: string
  /** Set when previews cannot be framed at the address the page was opened at: where to open Pieces instead. */
  previewElsewhere: string | null
}
