import type { DraftData } from './draft'
import type { ModelId } from './models'

/**
 * Types shared by the chat's server modules and its components. A plain module: it
 * imports no server code, so components can take these without reaching into `*.server.ts`.
 */

/** Where a generation is: spec 2 §3 stream `stage`. */
export type GenerationStage = 'sending' | 'planning' | 'generating' | 'idle'

/** Spec 2 §3 chat stream events. `error` is ours: a failed generation ends with it. */
export type ChatEvent = {
  type: 'ready' | 'status' | 'progress' | 'complete' | 'stopped'
  pieceId: number
  stage?: GenerationStage
  currentStepTitle?: string
  plannedStepsTotal?: number
  currentStepIndex?: number
  latestCode?: string
  code?: string
  patch?: string
  patches?: unknown[]
  stepTitle?: string
  stepIndex?: number
  stepsTotal?: number
  tokensUsed?: number
  tokensSaved?: number
  generationId?: number
  error?: string
}

/** What the chat builder needs besides the Piece itself (the owner's view). */
export type ChatData = {
  pieceId: number
  savedCode: string
  draft: DraftData
  stage: GenerationStage
  lastOutcome: { status: string; error: string | null } | null
  model: ModelId
  subscribed: boolean
  usage: { dailyTokenCount: number; tokenLimit: number }
  showTokenUsage: boolean
  runnerUrl: string
  draftPreviewUrl: string
  previewOrigin: string
}
