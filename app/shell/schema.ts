import type { ListedCheck } from '~/checks/schema'
import type { TopBarPiece } from '~/pieces/schema'
import type { UsageData } from '~/usage/usage.server'

/** The sidebar's collapsed state, remembered across visits (spec 1 §2.3). */
export const SIDEBAR_COOKIE = 'pieces_sidebar'

/** Without JavaScript, 'Show more' asks the layout for a longer first page. */
export const SIDEBAR_LIMIT_PARAM = 'pieces'

/** The signed-in user as the shell shows them. */
export type ShellUser = { username: string | null; email: string; isAdmin: boolean; subscribed: boolean; usage: UsageData }

/**
 * The Piece in the top bar as a page's loader hands it: the Piece's own part, and on the
 * editor the owner's behaviour checks (issue 31.4), which the shell gives the Piece menu as a
 * section of its own (pieces/ does not import checks/).
 */
export type ShownPiece = TopBarPiece & { checks?: ListedCheck[] }
