import type { UsageData } from '~/usage/usage.server'

/** The sidebar's collapsed state, remembered across visits (spec 1 §2.3). */
export const SIDEBAR_COOKIE = 'pieces_sidebar'

/** Without JavaScript, 'Show more' asks the layout for a longer first page. */
export const SIDEBAR_LIMIT_PARAM = 'pieces'

/** The signed-in user as the shell shows them. */
export type ShellUser = { username: string | null; email: string; isAdmin: boolean; subscribed: boolean; usage: UsageData }
