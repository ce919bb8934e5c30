import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { GoogleMessages, unlinkGoogle, unlinkMessage } from '~/accounts/google.server'
import { getOptionalUser } from '~/accounts/session.server'
import { redirectWithToast } from '~/lib/toast.server'
import { UNLINK_FORM_WORDS } from '~/accounts/google-messages'
import { replyWhenUnreachable } from '~/lib/unreachable'

/** The unlink dialog's 'Unlink Google' (spec 1 §2.5, §5). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await getOptionalUser(request)
  if (!user) return redirectWithToast('/signin?redirect=%2Fsettings', { title: GoogleMessages.signInRequiredToUnlink, variant: 'destructive' })
  const result = await unlinkGoogle(user.id)
  if (!result.ok) return redirectWithToast('/settings', { title: unlinkMessage[result.reason], variant: 'destructive' })
  return redirectWithToast('/settings', { title: GoogleMessages.unlinked, variant: 'success' })
}

export const loader = () => redirect('/settings')

/** With JavaScript, an unlink that never reaches the server is the failure toast, and the dialog stays open. */
export const clientAction = replyWhenUnreachable(UNLINK_FORM_WORDS)
