import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { notFound } from '~/lib/http'
import { signInUrl } from '~/accounts/urls'
import { getOptionalUser } from '~/accounts/session.server'
import { PublicShell } from '~/shell/public-shell'
import { useTheme } from '~/shell/use-theme'
import { NotFound } from '~/ui/error-page'

/**
 * A path of several segments that no route knows: visitors are asked to sign in (it may
 * be a signed-in page), users see 'Page Not Found'.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request)
  if (!user) throw redirect(signInUrl(request))
  throw notFound()
}

export const action = loader

export default function CatchAll() {
  return null
}

export function ErrorBoundary() {
  const { theme } = useTheme()
  return (
    <PublicShell theme={theme} signedIn>
      <NotFound />
    </PublicShell>
  )
}
