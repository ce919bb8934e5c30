import { redirect } from '@remix-run/node'
import type { SessionUser } from '~/accounts/session.server'
import { overlayFor } from '~/chat/builder/overlays'
import { handleChatForm, keepUnsent, opensUpgrade } from '~/chat/editor.server'
import { CHAT_FORM_WORDS, CONFIRM_OVERWRITE, CONFIRM_PARAM, ChatFormSchema, type ChatDone } from '~/chat/schema'
import { isDomainError, type DomainError } from '~/lib/errors'
import { answerForm, refuseForm, type Refusal } from '~/lib/form-kit.server'
import { notFound } from '~/lib/http'
import { redirectWithToast } from '~/lib/toast.server'

/**
 * How the editor's forms are answered (the rules are the chat's, in handleChatForm), by the
 * form kit: a fetcher gets `{ ok: true, done }` or the refusal the JSON API would give,
 * which the page shows in place; a page load (JavaScript off) is redirected back, with a
 * toast when there is something to say (post/redirect/get). A send from an earlier point
 * without Confirm Overwrite asks for it: a fetcher in `done`, a page load with `?confirm=overwrite`.
 */
export function answerChatForm(request: Request, user: SessionUser, pieceId: number, here: string) {
  return answerForm<typeof ChatFormSchema, ChatDone>(request, chatForm(here), {
    component: 'chat',
    upgradeOf,
    // Without JavaScript the page has only the saved draft to show after its redirect: an unsent message waits there.
    onInvalid: async (sent, { fromPage }) => {
      if (fromPage) await keepUnsent(user.id, pieceId, sent)
    },
    run: async (form, { fromPage }) => {
      const done = await handleChatForm(user, pieceId, form, { keep: fromPage }).catch((error: unknown) => {
        // The Piece is gone meanwhile: 'Page Not Found', as its page would be.
        if (isDomainError(error, 'not-found')) throw notFound()
        throw error
      })
      if (!fromPage) return { intent: done.intent, ...(done.confirm && { confirm: done.confirm }) }
      // Confirm Overwrite without JavaScript: the editor with the dialog open, the message kept in the draft.
      if (done.confirm) return redirect(`${here}?${new URLSearchParams({ [CONFIRM_PARAM]: CONFIRM_OVERWRITE })}`)
      return done.toast ? redirectWithToast(here, done.toast) : redirect(here)
    },
  })
}

/** The chat's form on the editor at `here`. */
const chatForm = (here: string) => ({ ...CHAT_FORM_WORDS, schema: ChatFormSchema, back: () => here })

/** A chat form refused before it is read (no one is signed in): the page posted without JavaScript goes home. */
export const refuseChatForm = (request: Request, refusal: Refusal) => refuseForm(request, chatForm('/'), refusal)

/** A refusal opens the payment dialog when PLUS is needed or a limit is reached: in the mode its limit calls for (spec 2 §8). */
function upgradeOf(error: DomainError) {
  if (!opensUpgrade(error)) return undefined
  return (error.kind === 'limit-reached' && overlayFor(error.message)) || 'upgrade-to-plus'
}
