import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { safeRedirect } from '~/accounts/redirects.server'
import type { SessionUser } from '~/accounts/session.server'
import { DomainError } from '~/lib/errors'
import { answerForm } from '~/lib/form-kit.server'
import { cookieSecrets, secureCookies } from '~/lib/secrets.server'
import { text } from '~/lib/text'
import { remixPiece } from './remixes.server'
import { REMIX_FORM_WORDS, remixPath } from './remixes'
import { normalizeName, pieceNameProblem } from './schema'

/**
 * A visitor who pressed Remix is asked to sign in first; this cookie remembers which Piece,
 * so that once signed in (or through onboarding for a new account) they land on their
 * remix without pressing it again. It is set only by a post from our own pages (a
 * cross-site post is refused before any action), lives half an hour and is used once.
 */
const pendingRemix = () =>
  createCookie('pieces_remix', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 30 * 60, secure: secureCookies(), secrets: cookieSecrets() })

/** The Piece name a visitor asked to remix before signing in, if any. */
export async function pendingRemixOf(request: Request): Promise<string | null> {
  const value: unknown = await pendingRemix().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && !pieceNameProblem(value) ? value : null
}

export const clearPendingRemix = () => pendingRemix().serialize('', { maxAge: 0 })

/** Where the remix form was: a refusal without JavaScript comes back there with its toast. */
const RemixFormSchema = z.object({ returnTo: text().optional().catch(undefined) })
const back = (name: string) => (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, `/${name}`)

/**
 * POST /{name}/remix (issue 32.1): a user gets their remix and opens it in the chat; a
 * visitor is sent to sign in and comes back to it. A refusal (remixes off, the free limit)
 * is answered by the form kit: the page the form was on, with the reason as a toast.
 */
export async function answerRemixForm(request: Request, user: SessionUser | null, rawName: string) {
  const name = normalizeName(rawName)
  if (!user) {
    const signIn = `/signin?${new URLSearchParams({ redirect: remixPath(name) })}`
    throw redirect(signIn, { headers: { 'Set-Cookie': await pendingRemix().serialize(name) } })
  }
  return answerForm(
    request,
    { ...REMIX_FORM_WORDS, schema: RemixFormSchema, back: back(name) },
    { component: 'remix', run: async () => redirect(`/pieces/${(await remixPiece(user.id, name)).name}`) },
  )
}

/**
 * GET /{name}/remix after signing in: the remix the visitor asked for is made now, once
 * (the cookie is cleared whatever happens). Answers the redirect into the remix, or the
 * refusal to show on the page with the header that clears the cookie; null when no remix
 * of this Piece is pending.
 */
export async function completePendingRemix(request: Request, user: SessionUser, name: string) {
  if ((await pendingRemixOf(request)) !== name) return null
  const headers = { 'Set-Cookie': await clearPendingRemix() }
  try {
    return { done: redirect(`/pieces/${(await remixPiece(user.id, name)).name}`, { headers }) }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error
    return { refused: error.message, headers }
  }
}
