import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { destroySession } from '~/accounts/session.server'

/** Deletes the session on the server; a GET never logs anyone out. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect('/signin', { headers: { 'Set-Cookie': await destroySession(request) } })
}

export const loader = () => redirect('/signin')
