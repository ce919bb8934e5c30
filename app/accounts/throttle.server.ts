import { SIGN_IN_LOCKOUT_MINUTES, SIGN_IN_MAX_FAILURES_PER_ACCOUNT, SIGN_IN_MAX_FAILURES_PER_IP } from '~/lib/constants'
import { sql } from '~/lib/db.server'
import { verifyPasswordSignIn } from './accounts.server'

const ipKey = (ip: string) => `ip:${ip}`
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`

/**
 * Whether this address or this account has failed too often in a row: 40 wrong
 * passwords from one address, or 10 against one account from anywhere, lock sign-in for
 * 15 minutes after the last failure. Unknown emails count like known ones, so the lock
 * says nothing about whether an account exists.
 */
export async function isSignInLocked(ip: string, email: string) {
  const rows = await sql<{ key: string; failures: number }[]>`
    select key, failures from sign_in_failures
    where key in (${ipKey(ip)}, ${accountKey(email)})
      and last_failure_at > now() - make_interval(mins => ${SIGN_IN_LOCKOUT_MINUTES})`
  return rows.some(({ key, failures }) =>
    key.startsWith('ip:') ? failures >= SIGN_IN_MAX_FAILURES_PER_IP : failures >= SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
  )
}

export async function recordSignInFailure(ip: string, email: string) {
  await sql`
    insert into sign_in_failures (key, failures, last_failure_at)
    values (${ipKey(ip)}, 1, now()), (${accountKey(email)}, 1, now())
    on conflict (key) do update set
      failures = case
        when sign_in_failures.last_failure_at > now() - make_interval(mins => ${SIGN_IN_LOCKOUT_MINUTES})
        then sign_in_failures.failures + 1 else 1 end,
      last_failure_at = now()`
}

export async function clearSignInFailures(ip: string, email: string) {
  await sql`delete from sign_in_failures where key in (${ipKey(ip)}, ${accountKey(email)})`
}

export type ThrottledSignIn =
  | { ok: true; userId: number }
  | { ok: false; reason: 'locked' | 'no-account' | 'wrong-password' }

/** Email-and-password sign-in for the page and the token call, with the lockout rules. */
export async function signInWithPassword(email: string, password: string, ip: string): Promise<ThrottledSignIn> {
  if (await isSignInLocked(ip, email)) return { ok: false, reason: 'locked' }
  const checked = await verifyPasswordSignIn(email, password)
  if (checked.ok) await clearSignInFailures(ip, email)
  else await recordSignInFailure(ip, email)
  return checked
}
