import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { TOAST_COOKIE } from './cookie-names'
import { cookieSecrets, secureCookies } from './secrets.server'
import { ToastSchema, type Toast } from './toast'

function toastCookie() {
  return createCookie(TOAST_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: 60,
    secure: secureCookies(),
    secrets: cookieSecrets(),
  })
}

/** A toast carried across a redirect, so it shows with JavaScript off too. */
export async function toastHeader(toast: Omit<Toast, 'id'> & { id?: string }) {
  const value = ToastSchema.parse({ id: crypto.randomUUID(), ...toast })
  return toastCookie().serialize(value)
}

export async function redirectWithToast(url: string, toast: Omit<Toast, 'id'>, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(toast))
  return redirect(url, { ...init, headers })
}

/** Reads the pending toast and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const cookie = toastCookie()
  const raw = request.headers.get('cookie')
  if (!raw?.includes(`${TOAST_COOKIE}=`)) return { toast: null, clear: null }
  const parsed = z.nullable(ToastSchema).safeParse((await cookie.parse(raw)) ?? null)
  return {
    toast: parsed.success ? parsed.data : null,
    clear: await cookie.serialize('', { maxAge: 0, expires: new Date(0) }),
  }
}
