import { ApiFailure } from '~/lib/api.server'
import { createPieceFromPrompt } from './pieces.server'

/**
 * Spec 2 §4: a new user who arrived with a prompt gets a Piece named `piece_` + 8 hex
 * characters and lands in its editor with the prompt; everyone else lands on /explore.
 */
export async function afterOnboarding(userId: number, prompt: string | null): Promise<string> {
  const text = prompt?.trim()
  if (!text) return '/explore'
  try {
    const piece = await createPieceFromPrompt(userId)
    return `/pieces/${piece.name}?${new URLSearchParams({ prompt: text })}`
  } catch (error) {
    if (error instanceof ApiFailure) return '/explore'
    throw error
  }
}
