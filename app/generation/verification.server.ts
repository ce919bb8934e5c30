import { sql } from '~/lib/db.server'
import { checkPreviewUrl } from '~/pieces/preview.server'

/**
 * Issue 13.1: puts the code a running generation is about to check where the preview
 * origin serves it, and answers its signed address there. The worker's browser loads it
 * from the Piece's own origin, with the headers visitors get; it is cleared when the
 * generation ends.
 */
export async function checkTarget(generationId: number, pieceId: number, code: string): Promise<string> {
  await sql`update generations set checked_code = ${code} where id = ${generationId} and status = 'running'`
  return checkPreviewUrl(pieceId, generationId)
}
