import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { safeRedirect } from '~/accounts/redirects.server'
import { deleteCheck, renameCheck, runChecksNow } from '~/checks/checks.server'
import { CHECK_FORM_WORDS, CheckFormSchema, CheckWords, type CheckForm } from '~/checks/schema'
import { answerForm, refuseForm } from '~/lib/form-kit.server'
import { redirectWithToast } from '~/lib/toast.server'
import { replyWhenUnreachable } from '~/lib/unreachable'

export const loader = () => redirect('/explore')

/** The page the form was on: where a page posted without JavaScript comes back to. */
const returnTo = (sent: { returnTo?: string }) => safeRedirect(sent.returnTo, '/explore')

const CHECK_FORM = { ...CHECK_FORM_WORDS, schema: CheckFormSchema, back: returnTo }

/** Does what the form asks; answers what the toast says. */
async function applyCheckForm(userId: number, form: CheckForm): Promise<string> {
  switch (form.intent) {
    case 'rename':
      await renameCheck(userId, form.pieceId, form.checkId, form.name)
      return CheckWords.renamed
    case 'delete':
      await deleteCheck(userId, form.pieceId, form.checkId)
      return CheckWords.deleted
    case 'run':
      await runChecksNow(userId, form.pieceId, form.checkId)
      return CheckWords.runStarted
  }
}

/**
 * Issue 31.4: the Checks section of the Piece menu (rename, delete, run now), posted by a
 * fetcher with JavaScript and by the page without, answered by the form kit. Success goes
 * back to the page with its toast (post/redirect/get); a run asked by a fetcher is answered
 * in place instead, since the page shows it running and waits for the result itself.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseForm(request, CHECK_FORM, { message: AUTH_REQUIRED_MESSAGE, status: 401 })
  return answerForm(request, CHECK_FORM, {
    component: 'checks',
    run: async (form, { sent, fromPage }) => {
      const said = await applyCheckForm(user.id, form)
      if (form.intent === 'run' && !fromPage) return 'running' as const
      return redirectWithToast(returnTo(sent), { title: said, variant: 'success' }, { headers: { 'X-Remix-Replace': 'yes' } })
    },
  })
}

/** With JavaScript, a post that never reaches the server fails like a refusal (a toast in place), not as an error page. */
export const clientAction = replyWhenUnreachable(CHECK_FORM_WORDS)
