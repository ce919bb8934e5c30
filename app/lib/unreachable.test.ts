import type { ClientActionFunctionArgs, ClientLoaderFunctionArgs } from '@remix-run/react'
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, RATE_LIMITED_MESSAGE } from './messages'
import { UNREACHABLE_MESSAGE, answerWhenUnreachable, isRefusedInBrowser, replyWhenUnreachable } from './unreachable'

/** A form whose failure toast names what was sent and where. */
const clientAction = replyWhenUnreachable({ failure: (sent, path) => `Failed to save ${sent.field} on ${path}` })
const clientLoader = answerWhenUnreachable((refused) => ({ refused }))

/** Posts `field=value` through the clientAction to a server action that fails with `failure`. */
function post(failure: unknown) {
  const request = new Request('http://localhost/settings', { method: 'POST', body: new URLSearchParams({ field: 'value' }) })
  const serverAction = async () => {
    await request.formData()
    throw failure
  }
  return clientAction({ request, serverAction, params: {} } as unknown as ClientActionFunctionArgs)
}

/** Loads through the clientLoader from a server loader that fails with `failure`. */
function load(failure: unknown) {
  const serverLoader = async () => {
    throw failure
  }
  return clientLoader({ request: new Request('http://localhost/resources/invoices'), serverLoader, params: {} } as unknown as ClientLoaderFunctionArgs)
}

describe('replyWhenUnreachable', () => {
  it('passes the server action’s reply through', async () => {
    const request = new Request('http://localhost/settings', { method: 'POST', body: new URLSearchParams({}) })
    const reply = await clientAction({ request, serverAction: async () => ({ ok: true }), params: {} } as unknown as ClientActionFunctionArgs)
    expect(reply).toEqual({ ok: true })
    expect(isRefusedInBrowser(reply)).toBe(false)
  })

  it.each([
    [new TypeError('Failed to fetch'), UNREACHABLE_MESSAGE, 0],
    [new ErrorResponse(503, 'Service Unavailable', DATABASE_UNAVAILABLE_MESSAGE), DATABASE_UNAVAILABLE_MESSAGE, 503],
    [new ErrorResponse(429, 'Too Many Requests', RATE_LIMITED_MESSAGE), RATE_LIMITED_MESSAGE, 429],
  ])('turns %s into the form kit’s refusal in the form’s words, what was sent kept, marked as made in the browser', async (failure, message, status) => {
    const reply = await post(failure)
    expect(reply).toEqual({
      ok: false,
      status,
      result: { status: 'error', initialValue: { field: 'value' }, error: { '': [message] } },
      toast: { title: 'Failed to save value on /settings', description: message },
    })
    expect(isRefusedInBrowser(reply)).toBe(true)
  })

  it('leaves a real fault to the error boundary', async () => {
    const fault = new ErrorResponse(500, 'Internal Server Error', 'Unexpected Server Error')
    await expect(post(fault)).rejects.toBe(fault)
    const forbidden = new ErrorResponse(403, 'Forbidden', 'Not yours')
    await expect(post(forbidden)).rejects.toBe(forbidden)
    const bug = new Error('bug')
    await expect(post(bug)).rejects.toBe(bug)
  })
})

describe('answerWhenUnreachable', () => {
  it('passes the server loader’s answer through', async () => {
    const answer = await clientLoader({
      request: new Request('http://localhost/x'),
      serverLoader: async () => ({ ok: true }),
      params: {},
    } as unknown as ClientLoaderFunctionArgs)
    expect(answer).toEqual({ ok: true })
  })

  it('turns a load that got no answer into the route’s refusal', async () => {
    expect(await load(new TypeError('Failed to fetch'))).toEqual({ refused: UNREACHABLE_MESSAGE })
    expect(await load(new ErrorResponse(503, 'Service Unavailable', DATABASE_UNAVAILABLE_MESSAGE))).toEqual({ refused: DATABASE_UNAVAILABLE_MESSAGE })
  })

  it('leaves a real fault to the error boundary', async () => {
    const bug = new Error('bug')
    await expect(load(bug)).rejects.toBe(bug)
  })
})
