import type { z } from 'zod'
import type { DraftData } from './draft'
import type { ModelId } from './models'
import type { Attachment } from './send-schema'
import type { ChatEventSchema, VerificationSchema } from './stored'

/**
 * Types shared by the chat's server modules and its components. A plain module: it
 * imports no server code, so components can take these without reaching into `*.server.ts`.
 */

/** Spec 2 §3 chat stream events (parsed where they leave the database, app/chat/stored.ts). */
export type ChatEvent = z.infer<typeof ChatEventSchema>

/** Issue 13.1: what loading a generation's code in a browser found. */
export type Verification = z.infer<typeof VerificationSchema>

/** Where a generation is: spec 2 §3 stream `stage`. */
export type GenerationStage = NonNullable<ChatEvent['stage']>

/** What the chat builder needs besides the Piece itself (the owner's view). */
export type ChatData = {
  pieceId: number
  savedCode: string
  draft: DraftData
  stage: GenerationStage
  /** How the last generation ended, until dismissed (app/chat/outcome.server.ts). */
  lastOutcome: { status: 'complete' | 'stopped' | 'failed'; error: string | null } | null
  /** The generation under way when the page loaded: its message and its latest step (app/chat/outcome.server.ts). */
  running: {
    text: string
    attachments: Attachment[]
    step: { title: string; index?: number; total?: number } | null
    /** Its place in the queue while it waits for a free builder (issue 27.2). */
    queuePosition?: number
  } | null
  model: ModelId
  subscribed: boolean
  usage: { dailyTokenCount: number; tokenLimit: number }
  showTokenUsage: boolean
  runnerUrl: string
  draftPreviewUrl: string
  previewOrigin: string
  /** Set when previews cannot be framed at the address the page was opened at: where to open Pieces instead. */
  previewElsewhere: string | null
}
