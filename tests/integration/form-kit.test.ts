import { redirect } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DomainError } from '../../app/lib/errors'
import { answerForm, type FormDefinition } from '../../app/lib/form-kit.server'
import { SERVER_ERROR_MESSAGE } from '../../app/lib/messages'
import { readToast } from '../../app/lib/toast.server'
import { expectErrorLog } from '../support/error-guard'
import { formRefusal, formReply } from '../support/routes'

/**
 * The form kit's server half (docs/decisions/0046), with the product's own errors, toast
 * cookie and logger: one form, posted by a fetcher and by a page without JavaScript.
 */
const FETCHER = { 'Sec-Fetch-Mode': 'cors' }
const PAGE = { 'Sec-Fetch-Mode': 'navigate' }

const NameForm = {
  schema: z.object({ intent: z.enum(['rename', 'describe']), name: z.string().min(3, 'Too short'), returnTo: z.string().optional() }),
  failure: (sent) => `Failed to ${sent.intent}`,
  inPlace: (sent) => (sent.intent === 'rename' ? 'name' : undefined),
  back: (sent) => sent.returnTo ?? '/explore',
} satisfies FormDefinition<z.ZodType>

const post = (fields: Record<string, string>, mode: Record<string, string>) =>
  new Request('http://localhost/resources/things', { method: 'POST', headers: mode, body: new URLSearchParams(fields) })

/** Answers each form the way `run` says: done, a refusal of ours, or a fault. */
const answer = (request: Request, run: (name: string) => Promise<unknown>) =>
  answerForm(request, NameForm, { component: 'test', run: async ({ name }) => (await run(name)) as string })

async function pageAnswer(response: unknown) {
  if (!(response instanceof Response)) throw new Error('expected a redirect')
  const { toast } = await readToast(new Request('http://localhost/', { headers: { cookie: response.headers.getSetCookie().join('; ') } }))
  return { status: response.status, location: response.headers.get('location'), toast: toast && { title: toast.title, description: toast.description } }
}

describe('answerForm', () => {
  it('answers a fetcher with what was done, and a page with a redirect back', async () => {
    expect(await formReply(answer(post({ intent: 'rename', name: 'Ada' }, FETCHER), async (name) => `renamed ${name}`))).toEqual({
      status: 200,
      body: { ok: true, done: 'renamed Ada' },
    })
    expect(await pageAnswer(await answer(post({ intent: 'rename', name: 'Ada', returnTo: '/pieces/x' }, PAGE), async () => 'done'))).toEqual({
      status: 302,
      location: '/pieces/x',
      toast: null,
    })
    // A redirect of run's own is the answer for both.
    const moved = await answer(post({ intent: 'rename', name: 'Ada' }, FETCHER), async () => redirect('/pieces/Ada'))
    expect((moved as Response).headers.get('location')).toBe('/pieces/Ada')
  })

  it('keeps the field errors by their fields for a fetcher, and says them in a toast for a page', async () => {
    const ran: string[] = []
    const run = async (name: string) => ran.push(name)
    expect(await formReply(answer(post({ intent: 'rename', name: 'A' }, FETCHER), run))).toEqual({
      status: 400,
      body: { ok: false, status: 400, result: expect.objectContaining({ error: { name: ['Too short'] } }) },
    })
    expect(await formRefusal(answer(post({ intent: 'describe', name: 'A' }, FETCHER), run))).toEqual({
      status: 400,
      message: 'Too short',
      toast: { title: 'Failed to describe', description: 'Too short' },
    })
    expect(await pageAnswer(await answer(post({ intent: 'rename', name: 'A' }, PAGE), run))).toEqual({
      status: 302,
      location: '/explore',
      toast: { title: 'Too short', description: undefined },
    })
    expect(ran).toEqual([])
  })

  it('answers a refusal of ours with the JSON API’s status, under its field, and opens the payment dialog when it needs PLUS', async () => {
    const taken = async () => {
      throw new DomainError('conflict', 'Name already taken')
    }
    expect(await formRefusal(answer(post({ intent: 'rename', name: 'Ada' }, FETCHER), taken))).toEqual({ status: 409, message: 'Name already taken' })
    const plus = async () => {
      throw new DomainError('forbidden', 'Needs PLUS', { requiresSubscription: true })
    }
    expect(await formRefusal(answer(post({ intent: 'describe', name: 'Ada' }, FETCHER), plus))).toEqual({
      status: 403,
      message: 'Needs PLUS',
      toast: { title: 'Failed to describe', description: 'Needs PLUS' },
      upgrade: 'upgrade-to-plus',
    })
    expect(await pageAnswer(await answer(post({ intent: 'describe', name: 'Ada', returnTo: '/pieces/x?tab=1' }, PAGE), plus))).toEqual({
      status: 302,
      location: '/pieces/x?tab=1&upgrade=plus',
      toast: { title: 'Failed to describe', description: 'Needs PLUS' },
    })
  })

  it('says a fault as the JSON API would, and a refusal found before the fields first', async () => {
    expectErrorLog(/form failed/)
    const fault = async () => {
      throw new Error('a bug')
    }
    expect(await formRefusal(answer(post({ intent: 'rename', name: 'Ada' }, FETCHER), fault))).toEqual({
      status: 500,
      message: SERVER_ERROR_MESSAGE,
      toast: { title: 'Failed to rename', description: SERVER_ERROR_MESSAGE },
    })
    const signedOut = answerForm(post({ intent: 'rename', name: 'A' }, FETCHER), NameForm, {
      component: 'test',
      refusal: { message: 'Sign in first', status: 401 },
      run: async () => 'never',
    })
    expect(await formRefusal(signedOut)).toEqual({ status: 401, message: 'Sign in first', toast: { title: 'Failed to rename', description: 'Sign in first' } })
  })

  it('passes a refusal that run answers itself through unchanged', async () => {
    const refused = answerForm(post({ intent: 'rename', name: 'Ada' }, FETCHER), NameForm, {
      component: 'test',
      run: async (_value, { refuse }) => refuse({ message: 'Locked', status: 429, ofSent: true }),
    })
    expect(await formRefusal(refused)).toEqual({ status: 429, message: 'Locked' })
  })
})
