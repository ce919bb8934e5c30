/** Cookie names, shared by the HTTP layer (page cache) and the Remix app. */
export const SESSION_COOKIE = 'pieces_session'
export const TOAST_COOKIE = 'pieces_toast'
