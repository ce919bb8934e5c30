import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { destroySession } from '~/accounts/session.server'
import { LOGOUT_FORM_WORDS } from '~/accounts/schema'
import { replyWhenUnreachable } from '~/lib/unreachable'

/** Deletes the session on the server; a GET never logs anyone out. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect('/signin', { headers: { 'Set-Cookie': await destroySession(request) } })
}

export const loader = () => redirect('/signin')

/** With JavaScript, a Log Out that never reaches the server is the failure toast; the user stays where they were. */
export const clientAction = replyWhenUnreachable(LOGOUT_FORM_WORDS)
