import type PgBoss from 'pg-boss'
import { data } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheck } from '../../app/checks/checks.server'
import { CheckWords, type CheckStep } from '../../app/checks/schema'
import { sql } from '../../app/lib/db.server'
import { forgetProcessBoss } from '../../app/lib/jobs.server'
import { readToast } from '../../app/lib/toast.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { PieceMessages } from '../../app/pieces/schema'
import * as checksForm from '../../app/routes/resources.checks'
import { startBoss } from '../../runtime/boss'
import { newUser, sessionCookieFor } from '../support/billing'
import { formRefusal, ROUTE_CONTEXT, type RouteHandler } from '../support/routes'

/**
 * Issue 31.4: the Checks section of the Piece menu posts rename, delete and run to
 * /resources/checks, by a fetcher with JavaScript and by the page without it.
 */
const STEPS: CheckStep[] = [
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '1' },
]

// A pg-boss to queue on, with no worker: the queued run stays for the test to find.
let boss: PgBoss
beforeAll(async () => {
  boss = await startBoss(process.env.DATABASE_URL!)
})
afterAll(async () => {
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  forgetProcessBoss()
})

async function owner() {
  const user = await newUser('checkforms')
  const cookie = await sessionCookieFor(user)
  const piece = await createPiece(user.id, { name: `checkforms_${Math.random().toString(36).slice(2, 9)}` })
  const check = await createCheck(user.id, piece.id, { name: 'plus counts up', steps: STEPS })
  return { user, cookie, piece, check, page: `/pieces/${piece.name}` }
}

/** Posts the form as a fetcher (`page: false`) or as the page itself without JavaScript; answers the redirect or the reply. */
async function post(fields: Record<string, string>, cookie: string, { page = false } = {}) {
  const request = new Request('http://localhost/resources/checks', {
    method: 'POST',
    headers: { Cookie: cookie, 'Sec-Fetch-Mode': page ? 'navigate' : 'cors' },
    body: new URLSearchParams(fields),
  })
  const answer = (await (checksForm.action as RouteHandler)({ request, context: ROUTE_CONTEXT, params: {} })) as
    Response | { data: unknown; init: ResponseInit | null }
  if (!(answer instanceof Response))
    return { status: answer.init?.status ?? 200, location: null, toast: null, reply: data(answer.data, answer.init ?? undefined) }
  const { toast } = await readToast(new Request('http://localhost/', { headers: { cookie: answer.headers.getSetCookie().join('; ') } }))
  return { status: answer.status, location: answer.headers.get('location'), toast: toast && { title: toast.title, variant: toast.variant }, reply: null }
}

const names = (pieceId: number) => sql<{ id: number; name: string }[]>`select id::int as id, name from piece_checks where piece_id = ${pieceId} order by id`
const queuedRuns = (pieceId: number) =>
  sql<
    { checkId: string | null }[]
  >`select data->>'checkId' as "checkId" from pgboss.job where name = 'checks' and (data->>'pieceId')::bigint = ${pieceId} order by created_on`

describe('the Checks forms', () => {
  it('rename, run and delete a check, going back to the page with the toast (with and without JavaScript)', async () => {
    const { cookie, piece, check, page } = await owner()
    const target = { pieceId: String(piece.id), checkId: String(check.id), returnTo: page }

    expect(await post({ intent: 'rename', ...target, name: '  plus adds one  ' }, cookie)).toMatchObject({
      status: 302,
      location: page,
      toast: { title: CheckWords.renamed, variant: 'success' },
    })
    expect(await names(piece.id)).toEqual([{ id: check.id, name: 'plus adds one' }])

    // Run now: a fetcher is told it runs (the page waits for the result); a page load goes back, saying so.
    const before = (await queuedRuns(piece.id)).length
    expect(await post({ intent: 'run', ...target }, cookie)).toMatchObject({ status: 200, reply: { data: { ok: true, done: 'running' } } })
    expect(await post({ intent: 'run', pieceId: String(piece.id), returnTo: page }, cookie, { page: true })).toMatchObject({
      status: 302,
      location: page,
      toast: { title: CheckWords.runStarted },
    })
    expect((await queuedRuns(piece.id)).slice(before)).toEqual([{ checkId: String(check.id) }, { checkId: null }])

    expect(await post({ intent: 'delete', ...target }, cookie, { page: true })).toMatchObject({
      status: 302,
      location: page,
      toast: { title: CheckWords.deleted, variant: 'success' },
    })
    expect(await names(piece.id)).toEqual([])
  })

  it('refuses an empty name under the field, another user’s check as not found, and a missing check; nothing changes', async () => {
    const { cookie, piece, check, page } = await owner()
    const target = { pieceId: String(piece.id), checkId: String(check.id), returnTo: page }

    expect(await formRefusal((await post({ intent: 'rename', ...target, name: '   ' }, cookie)).reply)).toEqual({
      status: 400,
      message: 'Give the check a name.',
    })
    expect(await formRefusal((await post({ intent: 'rename', ...target, name: 'x'.repeat(81) }, cookie)).reply)).toMatchObject({ status: 400 })
    // Without JavaScript the page comes back with the reason in a toast.
    expect(await post({ intent: 'rename', ...target, name: '' }, cookie, { page: true })).toMatchObject({
      status: 302,
      location: page,
      toast: { title: 'Give the check a name.', variant: 'destructive' },
    })

    const stranger = await owner()
    expect(await formRefusal((await post({ intent: 'delete', ...target }, stranger.cookie)).reply)).toEqual({
      status: 404,
      message: PieceMessages.notFound,
      toast: { title: CheckWords.deleteFailed, description: PieceMessages.notFound },
    })
    expect(await formRefusal((await post({ intent: 'run', ...target }, stranger.cookie)).reply)).toMatchObject({ status: 404 })
    expect(await formRefusal((await post({ intent: 'rename', ...target, name: 'mine now' }, stranger.cookie)).reply)).toEqual({
      status: 404,
      message: PieceMessages.notFound,
    })
    // Their own Piece with someone else's check id: that check is not theirs to find.
    const crossed = { pieceId: String(stranger.piece.id), checkId: String(check.id), returnTo: stranger.page }
    expect(await formRefusal((await post({ intent: 'delete', ...crossed }, stranger.cookie)).reply)).toMatchObject({
      status: 404,
      message: CheckWords.notFound,
    })
    expect(await post({ intent: 'delete', ...crossed }, stranger.cookie, { page: true })).toMatchObject({
      status: 302,
      location: stranger.page,
      toast: { title: CheckWords.deleteFailed, variant: 'destructive' },
    })

    expect((await formRefusal((await post({ intent: 'delete', ...target, checkId: 'abc' }, cookie)).reply)).status).toBe(400)
    expect((await formRefusal((await post({ intent: 'explode', ...target }, cookie)).reply)).status).toBe(400)
    expect(await formRefusal((await post({ intent: 'delete', ...target }, '')).reply)).toMatchObject({ status: 401 })

    expect(await names(piece.id)).toEqual([{ id: check.id, name: 'plus counts up' }])
    expect(await names(stranger.piece.id)).toEqual([{ id: stranger.check.id, name: 'plus counts up' }])
  })
})
