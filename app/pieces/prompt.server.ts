import { createHmac, timingSafeEqual } from 'node:crypto'
import { cookieSecrets, signingSecret } from '~/lib/secrets.server'
import type { ArrivingPrompt } from './schema'

/**
 * Spec 2 §2's `?prompt=` in the editor. A prompt is sent automatically only into the Piece
 * that was created for it: onboarding adds a mark signed for this user, this Piece and this
 * prompt. Any other `?prompt=` — a link from another site, /pieces?prompt= landing on the
 * latest Piece — is only placed in the input, so a crafted link cannot spend a user's tokens
 * or rewrite their Piece.
 */
const PROMPT_PARAM = 'prompt'
const SEND_MARK_PARAM = 'send'
/** Long enough to land in the editor after onboarding, too short to be worth passing on. */
const SEND_MARK_SECONDS = 10 * 60

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`prompt-send:${body}`).digest('base64url')
type MarkFor = { userId: number; pieceId: number; prompt: string }
const markBody = ({ userId, pieceId, prompt }: MarkFor, expires: number) => `${userId}.${pieceId}.${expires}.${prompt}`

/** The editor of a Piece just created for `prompt`, which it will send once on arrival. */
export function editorUrlSendingPrompt(userId: number, piece: { id: number; name: string }, prompt: string, now = Date.now()) {
  const expires = Math.floor(now / 1000) + SEND_MARK_SECONDS
  const mark = `${expires}.${sign(signingSecret(), markBody({ userId, pieceId: piece.id, prompt }, expires))}`
  return `/pieces/${encodeURIComponent(piece.name)}?${new URLSearchParams({ [PROMPT_PARAM]: prompt, [SEND_MARK_PARAM]: mark })}`
}

/** The prompt a user arrives in their Piece's editor with, and whether it may be sent for them. */
export function arrivingPrompt(request: Request, userId: number, pieceId: number, now = Date.now()): ArrivingPrompt | null {
  const params = new URL(request.url).searchParams
  const text = params.get(PROMPT_PARAM)
  if (!text?.trim()) return null
  return { text, autoSend: isSendMark(params.get(SEND_MARK_PARAM), { userId, pieceId, prompt: text }, now) }
}

function isSendMark(mark: string | null, markFor: MarkFor, now: number) {
  const [, time, signature] = /^(\d{1,12})\.([\w-]{43})$/.exec(mark ?? '') ?? []
  if (time === undefined || signature === undefined) return false
  const expires = Number(time)
  if (expires * 1000 < now) return false
  const given = Buffer.from(signature)
  return cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, markBody(markFor, expires)))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}
