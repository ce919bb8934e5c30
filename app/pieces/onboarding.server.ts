import { DomainError } from '~/lib/errors'
import { createPieceFromPrompt } from './pieces.server'
import { editorUrlSendingPrompt } from './prompt.server'
import { remixPath } from './remixes'

/**
 * Spec 2 §4: a new user who arrived with a prompt gets a Piece named `piece_` + 8 hex
 * characters and lands in its editor, which sends the prompt (the only Piece it is sent
 * into automatically); one who pressed Remix before signing up goes on to their remix
 * (issue 32.1); everyone else lands on /explore.
 */
export async function afterOnboarding(userId: number, prompt: string | null, pendingRemix: string | null = null): Promise<string> {
  const text = prompt?.trim()
  if (!text) return pendingRemix ? remixPath(pendingRemix) : '/explore'
  try {
    const piece = await createPieceFromPrompt(userId)
    return editorUrlSendingPrompt(userId, piece, text)
  } catch (error) {
    if (error instanceof DomainError) return '/explore'
    throw error
  }
}
