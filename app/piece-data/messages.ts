/**
 * The messages between a Piece's frame and the page that frames it about data (issue 39.3):
 * the frame asks for a token, the page answers one the server signed (or why it has none).
 * The editor's runner passes both along, as it does the visual editor's.
 */
export const DATA_MESSAGES = {
  tokenRequest: 'data:token-request',
  token: 'data:token',
} as const

export const DATA_MESSAGE_PREFIX = 'data:'

/** The frame's request: asked again until answered, so it carries an id that the answer repeats. */
export type DataTokenRequest = { type: typeof DATA_MESSAGES.tokenRequest; id: string }
export type DataTokenMessage = { type: typeof DATA_MESSAGES.token; id: string; token: string; expiresAt: number; name: string; error?: string }
