/** The sidebar's collapsed state, remembered across visits (spec 1 §2.3). */
export const SIDEBAR_COOKIE = 'pieces_sidebar'

/** Without JavaScript, 'Show more' asks the layout for a longer first page. */
export const SIDEBAR_LIMIT_PARAM = 'pieces'
