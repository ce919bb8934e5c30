import { privateRoute } from '~/accounts/api-auth.server'
import { startGeneration, waitForGeneration } from '~/generation/generations.server'
import { SendBody } from '~/generation/send-schema'
import { apiError, apiJson, readJson, rejectGet, requireMethod } from '~/lib/api.server'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '~/lib/constants'
import { PIECE_CODE_MAX } from '~/pieces/schema'

/** Three images as data URLs, the current code, the draft and the history. */
const SEND_BODY_LIMIT = Math.ceil((MAX_ATTACHMENT_BYTES * MAX_ATTACHMENTS * 4) / 3) + 2 * PIECE_CODE_MAX + 512 * 1024

export const loader = rejectGet

/**
 * Spec 2 §7 call 7: a send. Queues a generation and answers when it ends; if the client
 * goes away the generation carries on (watch it with /api/private/chat/subscribe).
 */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST')
  const input = await readJson(request, SendBody, SEND_BODY_LIMIT)
  const started = await startGeneration(user, input)
  const outcome = await waitForGeneration(started, request.signal)
  switch (outcome.kind) {
    case 'complete':
      return apiJson(outcome.result)
    case 'stopped':
      return apiJson({ code: '', patch: '', patches: [], diffs: [], tokensUsed: outcome.tokensUsed, tokensSaved: 0, stopped: true })
    case 'left':
      return new Response(null, { status: 499 })
    case 'failed':
      return apiError(502, outcome.message)
  }
})
