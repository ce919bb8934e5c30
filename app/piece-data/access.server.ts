import { sql } from '~/lib/db.server'
import { DomainError } from '~/lib/errors'
import type { DataTokenRequest } from './schema'
import { anonymousVisitor, checkVisitor, issueDataToken, type DataIdentity } from './token.server'

export const DATA_ACCESS_MESSAGES = {
  notFound: 'Piece not found',
  testDataIsTheOwners: 'Only the owner of this Piece can use its test data.',
  checkDataIsTheOwners: 'Only the owner of this Piece can record its checks.',
} as const

type Viewer = { id: number; username: string | null } | null

/**
 * Issue 39.3: a token for the frame of a Piece the viewer may see (public for anyone,
 * members-only for anyone signed in, private for the owner; anything else is not found),
 * naming the viewer as the server knows them. A signed-out viewer is their browser's visitor
 * id, made anonymous per Piece. Test data belongs to the owner alone.
 */
export async function dataTokenFor(viewer: Viewer, visitorId: string, pieceId: number, asked: DataTokenRequest) {
  const [piece] = await sql<{ ownerId: number }[]>`
    select user_id::int as "ownerId" from pieces
    where id = ${pieceId}
      and (visibility = 'public' or (visibility = 'members' and ${viewer?.id ?? null}::bigint is not null) or user_id = ${viewer?.id ?? null}::bigint)`
  if (!piece) throw new DomainError('not-found', DATA_ACCESS_MESSAGES.notFound)
  const owner = viewer?.id === piece.ownerId
  if (asked.space === 'test' && !owner) throw new DomainError('forbidden', DATA_ACCESS_MESSAGES.testDataIsTheOwners)
  // Recording a check (issue 39.6): its data of its own, as its first or second anonymous visitor.
  if ('visitor' in asked) {
    if (!owner) throw new DomainError('forbidden', DATA_ACCESS_MESSAGES.checkDataIsTheOwners)
    const identity = checkVisitor(pieceId, asked.space, asked.visitor)
    return { ...issueDataToken(identity), name: identity.name, space: asked.space }
  }
  const { space } = asked
  const identity: DataIdentity = viewer
    ? { pieceId, space, visitor: `u${viewer.id}`, name: viewer.username ? `@${viewer.username}` : 'a member', owner }
    : { pieceId, space, ...anonymousVisitor(visitorId, pieceId), owner: false }
  return { ...issueDataToken(identity), name: identity.name, space }
}
