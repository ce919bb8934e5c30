import { isRouteErrorResponse, type ClientActionFunctionArgs, type ClientLoaderFunctionArgs } from '@remix-run/react'
import { refusedReply, sentFields, type FormReply, type FormWords } from './form-reply'
import { DATABASE_UNAVAILABLE_MESSAGE, RATE_LIMITED_MESSAGE } from './messages'

/** A fetcher's post that never reached the server (offline, the server restarting). */
export const UNREACHABLE_MESSAGE = 'Could not reach Pieces. Check your connection and try again.'

/** Refusals of a whole submission that a form shows in place, and what it says: the database is down, too many requests. */
const REFUSED_IN_PLACE: Record<number, string> = {
  503: DATABASE_UNAVAILABLE_MESSAGE,
  429: RATE_LIMITED_MESSAGE,
}

/**
 * The replies made here, in the browser. Remix reloads the page's data after every action
 * that answers, and that reload would fail the same way and replace the page with the error
 * screen; the routes' `shouldRevalidate` (app/lib/revalidation.ts) asks `isRefusedInBrowser`
 * and skips it. (A status on the reply cannot say so: Remix's single fetch drops a client
 * action's `data()` status for the status of a server answer, and here there is none.)
 */
const refusedInBrowser = new WeakSet<object>()

function refusedHere<Reply>(reply: Reply): Reply {
  if (typeof reply === 'object' && reply !== null) refusedInBrowser.add(reply)
  return reply
}

/** Whether an action's answer is a refusal made in the browser: nothing changed, and the server could not be asked. */
export const isRefusedInBrowser = (reply: unknown) => typeof reply === 'object' && reply !== null && refusedInBrowser.has(reply)

/**
 * The failure a request met before any answer the page can use: the message to show and the
 * status (0: no answer at all), or null for a real fault (a 500, a 403, a bug), which the
 * error boundary shows. fetch() rejects with a TypeError when no answer arrives.
 */
function failureOf(error: unknown): { message: string; status: number } | null {
  if (error instanceof TypeError) return { message: UNREACHABLE_MESSAGE, status: 0 }
  const message = isRouteErrorResponse(error) ? REFUSED_IN_PLACE[error.status] : undefined
  return message ? { message, status: (error as { status: number }).status } : null
}

/**
 * The one path every form posted with JavaScript takes: a route's `clientAction` that passes
 * the submission to its server action and turns a request that never got an answer, one
 * answered 503 because the database is down, or one the rate limit refused before any action
 * ran (429: server/respond.ts `refuse`) into the form kit's refusal (app/lib/form-reply.ts),
 * in the form's own words: its failure toast names the action, and what was sent goes back
 * in the form. Without it Remix sends the failure to the error boundary and the whole page
 * turns into an error page, losing what was typed.
 *
 * The page's data is not reloaded after such a reply (see `isRefusedInBrowser`). Posts made
 * without JavaScript never come here.
 */
export function replyWhenUnreachable(words: FormWords) {
  return async ({ request, serverAction }: ClientActionFunctionArgs): Promise<FormReply<never>> => {
    // Read before the server action takes the body: the refusal names what was being saved.
    const sent = request.clone()
    try {
      return (await serverAction()) as FormReply<never>
    } catch (error) {
      const failure = failureOf(error)
      if (!failure) throw error
      return refusedHere(refusedReply(words, failure, sentFields(await sent.formData()), new URL(request.url).pathname))
    }
  }
}

/**
 * The same path for what a fetcher loads (`fetcher.load` of a resource route): a route's
 * `clientLoader` that turns a load that never got an answer (or the database's 503, the
 * rate limit's 429) into the route's own refusal, which the component shows as its failure
 * toast, instead of the error page.
 */
export function answerWhenUnreachable<Reply>(refusal: (message: string) => Reply) {
  return async ({ serverLoader }: ClientLoaderFunctionArgs): Promise<Reply> => {
    try {
      return (await serverLoader()) as Reply
    } catch (error) {
      const failure = failureOf(error)
      if (!failure) throw error
      return refusal(failure.message)
    }
  }
}
