import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '~/accounts/redirects.server'
import { THEME_COOKIE } from '~/lib/cookie-names'
import { parseTheme } from '~/lib/theme'

const ONE_YEAR = 60 * 60 * 24 * 365

/** The public shell's theme toggle: remembers the visitor's choice in a cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const theme = parseTheme(form.get('theme'))
  const target = safeRedirect(form.get('redirectTo'), '/landing')
  if (!theme) return redirect(target)
  return redirect(target, {
    headers: { 'Set-Cookie': `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax` },
  })
}

export const loader = () => redirect('/landing')
