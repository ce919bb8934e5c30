import { SIGN_IN_LOCKOUT_MINUTES, SIGN_IN_MAX_FAILURES_PER_ACCOUNT, SIGN_IN_MAX_FAILURES_PER_IP } from '~/lib/constants'
import { sql } from '~/lib/db.server'
import { verifyPasswordSignIn } from './accounts.server'

const ipKey = (ip: string) => `ip:${ip}`
const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`

/**
 * Counts this attempt against the address and the account before any password is checked,
 * in one statement, so parallel guesses cannot all read a count below the limit. True when
 * either is now past its limit: 40 attempts from one address, or 10 against one account from
 * anywhere, within SIGN_IN_LOCKOUT_MINUTES of each other. A refused attempt is counted but does not move
 * the time, so the lock ends that long after the last attempt that was checked. Unknown
 * emails count like known ones, so the lock says nothing about whether an account exists.
 */
async function countAttempt(ip: string, email: string): Promise<boolean> {
  const window = sql`make_interval(mins => ${SIGN_IN_LOCKOUT_MINUTES})`
  const limit = sql`case when f.key = ${ipKey(ip)} then ${SIGN_IN_MAX_FAILURES_PER_IP}::int else ${SIGN_IN_MAX_FAILURES_PER_ACCOUNT}::int end`
  const rows = await sql<{ key: string; failures: number }[]>`
    insert into sign_in_failures as f (key, failures, last_failure_at)
    values (${ipKey(ip)}, 1, now()), (${accountKey(email)}, 1, now())
    on conflict (key) do update set
      failures = case when f.last_failure_at > now() - ${window} then f.failures + 1 else 1 end,
      last_failure_at = case when f.last_failure_at > now() - ${window} and f.failures >= ${limit} then f.last_failure_at else now() end
    returning key, failures`
  return rows.some(({ key, failures }) => failures > (key === ipKey(ip) ? SIGN_IN_MAX_FAILURES_PER_IP : SIGN_IN_MAX_FAILURES_PER_ACCOUNT))
}

/**
 * A right password clears the account's count and takes back its own attempt from the
 * address. The address count is not cleared: one account of one's own must not buy 40 more
 * guesses at everyone else's.
 */
async function countSuccess(ip: string, email: string) {
  await sql`delete from sign_in_failures where key = ${accountKey(email)}`
  await sql`update sign_in_failures set failures = greatest(failures - 1, 0) where key = ${ipKey(ip)}`
}

export type ThrottledSignIn = { ok: true; userId: number } | { ok: false; reason: 'locked' | 'no-account' | 'wrong-password' }

/** Email-and-password sign-in for the page and the token call, with the lockout rules. */
export async function signInWithPassword(email: string, password: string, ip: string): Promise<ThrottledSignIn> {
  if (await countAttempt(ip, email)) return { ok: false, reason: 'locked' }
  const checked = await verifyPasswordSignIn(email, password)
  if (checked.ok) await countSuccess(ip, email)
  return checked
}
