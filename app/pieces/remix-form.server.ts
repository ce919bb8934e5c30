import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { safeRedirect } from '~/accounts/redirects.server'
import type { SessionUser } from '~/accounts/session.server'
import { notFound } from '~/lib/http'
import { answerForm } from '~/lib/form-kit.server'
import { cookieSecrets, secureCookies } from '~/lib/secrets.server'
import { text } from '~/lib/text'
import { PENDING_REMIX_MINUTES, pendingRemixName, rememberPendingRemix, remixPiece } from './remixes.server'
import { REMIX_FORM_WORDS, remixPath } from './remixes'
import { normalizeName, pieceNameProblem } from './schema'

/**
 * A visitor who pressed Remix is asked to sign in first; this cookie remembers which Piece,
 * so that once signed in (or through onboarding for a new account) they land on its Remix
 * page. It carries a random token whose record the server keeps (issue 37.11): fresh for
 * a quarter of an hour and read once, so a copy of it replayed later leads nowhere. It
 * never makes a remix by itself: only the post the person confirms does.
 */
const pendingRemix = () =>
  createCookie('pieces_remix', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: PENDING_REMIX_MINUTES * 60,
    secure: secureCookies(),
    secrets: cookieSecrets(),
  })

async function pendingToken(request: Request): Promise<string | null> {
  const value: unknown = await pendingRemix().parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value ? value : null
}

/** The Piece name a visitor asked to remix before signing in, while it is pending (onboarding reads it without using it). */
export async function pendingRemixOf(request: Request): Promise<string | null> {
  const token = await pendingToken(request)
  return token ? pendingRemixName(token, { use: false }) : null
}

const clearPendingRemix = () => pendingRemix().serialize('', { maxAge: 0 })

/**
 * GET /{name}/remix signed in: whether this visit is the one a visitor's Remix led to. The
 * pending remix is used up (and its cookie cleared) whatever Piece this page is for; the
 * page then asks the person to confirm, and only that post makes the remix.
 */
export async function takePendingRemix(request: Request, name: string): Promise<{ pending: boolean; headers: HeadersInit }> {
  const token = await pendingToken(request)
  if (!token) return { pending: false, headers: {} }
  const pending = await pendingRemixName(token, { use: true })
  return { pending: pending === name, headers: { 'Set-Cookie': await clearPendingRemix() } }
}

/** Where the remix form was: a refusal without JavaScript comes back there with its toast. */
const RemixFormSchema = z.object({ returnTo: text().optional().catch(undefined) })
const back = (name: string) => (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, `/${name}`)

/**
 * POST /{name}/remix (issue 32.1): a user gets their remix and opens it in the chat; a
 * visitor is sent to sign in and comes back to its Remix page to confirm. A refusal (remixes off, the free limit)
 * is answered by the form kit: the page the form was on, with the reason as a toast.
 */
export async function answerRemixForm(request: Request, user: SessionUser | null, rawName: string) {
  const name = normalizeName(rawName)
  if (!user) {
    if (pieceNameProblem(name)) throw notFound()
    const signIn = `/signin?${new URLSearchParams({ redirect: remixPath(name) })}`
    throw redirect(signIn, { headers: { 'Set-Cookie': await pendingRemix().serialize(await rememberPendingRemix(name)) } })
  }
  return answerForm(
    request,
    { ...REMIX_FORM_WORDS, schema: RemixFormSchema, back: back(name) },
    { component: 'remix', run: async () => redirect(`/pieces/${(await remixPiece(user.id, name)).name}`) },
  )
}
