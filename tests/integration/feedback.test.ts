import { describe, expect, it } from 'vitest'
import { data } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '../../app/accounts/api-auth.server'
import { listFeedback } from '../../app/feedback/feedback.server'
import { FEEDBACK_MAX, FeedbackMessages } from '../../app/feedback/schema'
import { sql } from '../../app/lib/db.server'
import { RATE_LIMITED_MESSAGE } from '../../app/lib/messages'
import * as feedbackApi from '../../app/routes/api/api.private.feedback'
import * as feedbackForm from '../../app/routes/resources.feedback'
import { newUser, sessionCookieFor } from '../support/billing'
import { call, formRefusal, ROUTE_CONTEXT, type RouteHandler } from '../support/routes'

const rows = (userId: number) => sql<{ content: string }[]>`select content from feedback where user_id = ${userId} order by id`

/** Issue 12.5: spec 2 §7 call 16 and the popover's form, on the real database. */
describe('feedback', () => {
  it('stores trimmed feedback of a signed-in user, and lists it newest first', async () => {
    const user = await newUser('feedback')
    const sent = await call(feedbackApi, 'POST', '/api/private/feedback', user.auth, { content: '  The editor is great  ' })
    expect(sent).toEqual({ status: 201, body: { success: true, id: expect.any(Number) } })
    expect(await rows(user.id)).toEqual([{ content: 'The editor is great' }])
    const [newest] = await listFeedback(1)
    expect(newest).toMatchObject({ id: sent.body.id, email: user.email, content: 'The editor is great' })
  })

  it('refuses signed-out, blank, too long and malformed feedback with clear errors and stores nothing', async () => {
    const user = await newUser('feedback')
    expect(await call(feedbackApi, 'POST', '/api/private/feedback', {}, { content: 'hi' })).toEqual({ status: 401, body: { message: AUTH_REQUIRED_MESSAGE } })
    for (const content of ['', '   \n ', undefined]) {
      expect(await call(feedbackApi, 'POST', '/api/private/feedback', user.auth, { content })).toEqual({
        status: 400,
        body: { message: FeedbackMessages.blank },
      })
    }
    expect(await call(feedbackApi, 'POST', '/api/private/feedback', user.auth, { content: 'x'.repeat(FEEDBACK_MAX + 1) })).toEqual({
      status: 400,
      body: { message: FeedbackMessages.tooLong },
    })
    expect((await call(feedbackApi, 'POST', '/api/private/feedback', user.auth, { content: 42 })).status).toBe(400)
    expect((await call(feedbackApi, 'GET', '/api/private/feedback', user.auth)).status).toBe(405)
    expect(await rows(user.id)).toEqual([])
  })

  describe('the popover form', () => {
    const post = async (form: Record<string, string>, { cookie = '', document = false, rateLimited = false } = {}) => {
      const request = new Request('http://localhost/resources/feedback', {
        method: 'POST',
        headers: { Cookie: cookie, 'Sec-Fetch-Mode': document ? 'navigate' : 'cors' },
        body: new URLSearchParams(form),
      })
      const answer = (await (feedbackForm.action as RouteHandler)({ request, context: { ...ROUTE_CONTEXT, rateLimited }, params: {} })) as
        Response | { data: unknown; init: ResponseInit | null }
      // A redirect is a Response; a fetcher's answer is Remix's data() (its body and status).
      if (answer instanceof Response) return { status: answer.status, headers: answer.headers, body: null }
      return { status: answer.init?.status ?? 200, headers: new Headers(answer.init?.headers), body: answer.data }
    }

    it('answers a fetcher with sent, and a page load with the thank-you on the page it came from', async () => {
      const user = await newUser('feedback')
      const cookie = await sessionCookieFor(user)
      const fetched = await post({ content: 'From the popover', returnTo: '/explore' }, { cookie })
      expect([fetched.status, fetched.body]).toEqual([200, { ok: true, done: 'sent' }])
      const page = await post({ content: 'Without JavaScript', returnTo: '/pieces/mine?x=1' }, { cookie, document: true })
      expect(page.status).toBe(302)
      expect(page.headers.get('Location')).toBe('/pieces/mine?x=1&feedback=sent')
      expect(await rows(user.id)).toEqual([{ content: 'From the popover' }, { content: 'Without JavaScript' }])
    })

    it('refuses blank text, a flood and a signed-out fetcher in place, and a blank page post with the failure toast', async () => {
      const user = await newUser('feedback')
      const cookie = await sessionCookieFor(user)
      const blank = await post({ content: '  ', returnTo: '/explore' }, { cookie })
      expect(await formRefusal(data(blank.body, blank.status))).toEqual({
        status: 400,
        message: FeedbackMessages.blank,
        toast: { title: FeedbackMessages.failed, description: FeedbackMessages.blank },
      })
      const flood = await post({ content: 'again', returnTo: '/explore' }, { cookie, rateLimited: true })
      expect(await formRefusal(data(flood.body, flood.status))).toMatchObject({ status: 429, message: RATE_LIMITED_MESSAGE })
      const signedOut = await post({ content: 'who am I', returnTo: '/explore' })
      expect(signedOut.status).toBe(401)
      const page = await post({ content: '', returnTo: 'https://evil.example/' }, { cookie, document: true })
      expect(page.status).toBe(302)
      expect(page.headers.get('Location')).toBe('/explore')
      expect(page.headers.get('Set-Cookie')).toMatch(/pieces_toast/)
      expect(await rows(user.id)).toEqual([])
    })
  })
})
