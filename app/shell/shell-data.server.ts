import type { SessionUser } from '~/accounts/session.server'
import { isPlus } from '~/accounts/plan.server'
import { sql } from '~/lib/db.server'
import { listPieces } from '~/pieces/pieces.server'
import { PIECE_LIST_FIRST_PAGE, PIECE_LIST_MAX_PAGE } from '~/pieces/schema'
import { getUsage } from '~/usage/usage.server'
import { SIDEBAR_COOKIE, SIDEBAR_LIMIT_PARAM } from './schema'

/**
 * What the signed-in frame needs on every page: the user menu (usage, plan), the
 * sidebar's first page of Pieces (longer without JavaScript via `?pieces=`) and whether
 * the sidebar was left collapsed.
 */
export async function appShellData(request: Request, user: SessionUser) {
  const url = new URL(request.url)
  const asked = Number(url.searchParams.get(SIDEBAR_LIMIT_PARAM))
  const piecesLimit = Number.isInteger(asked) && asked > PIECE_LIST_FIRST_PAGE ? Math.min(asked, PIECE_LIST_MAX_PAGE) : PIECE_LIST_FIRST_PAGE
  const collapsed = (request.headers.get('cookie') ?? '').includes(`${SIDEBAR_COOKIE}=collapsed`)
  const [usage, subscribed, pieces] = await Promise.all([getUsage(user.id), isPlus(sql, user.id), listPieces(user.id, { limit: piecesLimit })])
  return {
    user: { username: user.username, email: user.email, isAdmin: user.isAdmin, subscribed, usage },
    collapsed,
    pieces,
    piecesLimit,
  }
}

export type AppShellData = Awaited<ReturnType<typeof appShellData>>
