import { isRouteErrorResponse, type ClientActionFunctionArgs } from '@remix-run/react'
import { DATABASE_UNAVAILABLE_MESSAGE, RATE_LIMITED_MESSAGE } from './messages'

/** A fetcher's post that never reached the server (offline, the server restarting). */
export const UNREACHABLE_MESSAGE = 'Could not reach Pieces. Check your connection and try again.'

/** Refusals of a whole submission that a form shows in place, and what it says: the database is down, too many requests. */
const REFUSED_IN_PLACE: Record<number, string> = {
  503: DATABASE_UNAVAILABLE_MESSAGE,
  429: RATE_LIMITED_MESSAGE,
}

/**
 * A route's `clientAction` that passes every submission to its server action and turns a
 * request that never got an answer, one answered 503 because the database is down, or one
 * the rate limit refused before any action ran (429: server/respond.ts `refuse`) into the
 * route's own refusal reply. Without it Remix sends the
 * failure to the error boundary and the whole page turns into an error page; with it the
 * form's usual failure path runs (the toast, the rollback), and the page keeps its data
 * (app/lib/revalidation.ts does not reload it after a 503). Posts made without JavaScript
 * never come here.
 */
export function replyWhenUnreachable<Reply>(refusal: (message: string, form: Record<string, unknown>) => Reply) {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    // Read before the server action takes the body: the refusal names what was being saved.
    const sent = request.clone()
    try {
      return await serverAction<Reply>()
    } catch (error) {
      // fetch() rejects with a TypeError when no answer arrives; anything else is a real fault.
      const refused = isRouteErrorResponse(error) ? REFUSED_IN_PLACE[error.status] : undefined
      if (!(error instanceof TypeError) && !refused) throw error
      const form = Object.fromEntries([...(await sent.formData()).entries()].filter(([, value]) => typeof value === 'string'))
      return refusal(refused ?? UNREACHABLE_MESSAGE, form)
    }
  }
}
