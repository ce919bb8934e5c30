import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectSignedIn } from '~/accounts/redirects.server'

/** `/` has no page of its own: visitors go to /landing, users per spec 1 §2.2. */
export async function loader({ request }: LoaderFunctionArgs) {
  await redirectSignedIn(request)
  return redirect('/landing')
}
