import type { ClientActionFunctionArgs } from '@remix-run/react'
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import { DATABASE_UNAVAILABLE_MESSAGE, RATE_LIMITED_MESSAGE } from './messages'
import { UNREACHABLE_MESSAGE, replyWhenUnreachable } from './unreachable'

type Reply = { refused: string; form: Record<string, unknown> }
const clientAction = replyWhenUnreachable<Reply>((refused, form) => ({ refused, form }))

/** Posts `field=value` through the clientAction to a server action that fails with `failure`. */
function post(failure: unknown) {
  const request = new Request('http://localhost/settings', { method: 'POST', body: new URLSearchParams({ field: 'value' }) })
  const serverAction = async () => {
    await request.formData()
    throw failure
  }
  return clientAction({ request, serverAction, params: {} } as unknown as ClientActionFunctionArgs)
}

describe('replyWhenUnreachable', () => {
  it('passes the server action’s reply through', async () => {
    const request = new Request('http://localhost/settings', { method: 'POST', body: new URLSearchParams({}) })
    const reply = await clientAction({ request, serverAction: async () => ({ ok: true }), params: {} } as unknown as ClientActionFunctionArgs)
    expect(reply).toEqual({ ok: true })
  })

  it.each([
    [new TypeError('Failed to fetch'), UNREACHABLE_MESSAGE],
    [new ErrorResponse(503, 'Service Unavailable', DATABASE_UNAVAILABLE_MESSAGE), DATABASE_UNAVAILABLE_MESSAGE],
    [new ErrorResponse(429, 'Too Many Requests', RATE_LIMITED_MESSAGE), RATE_LIMITED_MESSAGE],
  ])('turns %s into the form’s own refusal, naming what was sent', async (failure, message) => {
    expect(await post(failure)).toEqual({ refused: message, form: { field: 'value' } })
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
