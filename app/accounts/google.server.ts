import { z } from 'zod'
import { getEnv } from '~/lib/env.server'
import { sql } from '~/lib/db.server'
import { newUid } from './accounts.server'
import { GoogleMessages } from './google-messages'

export { GoogleMessages }

/** Linking needs a sign-in at most this old, so a left-open session cannot attach a stranger's Google. */
export const LINK_REAUTH_MS = 5 * 60 * 1000

/** What we keep from Google's userinfo answer. */
export type GoogleProfile = { sub: string; email: string | null; emailVerified: boolean }

export type GoogleLinkState = { enabled: boolean; linked: boolean; email: string | null; canUnlink: boolean }

export function googleEnabled(): boolean {
  const env = getEnv()
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
}

/** The part of Google's userinfo answer read here: the email fields are checked where they are read. */
const GoogleUserinfoSchema = z.object({ sub: z.string().min(1), email: z.unknown().optional(), email_verified: z.unknown().optional() })

/** Reads Google's userinfo JSON; null when it has no subject (a failed or forged answer). */
export function parseGoogleProfile(raw: unknown): GoogleProfile | null {
  const parsed = GoogleUserinfoSchema.safeParse(raw)
  if (!parsed.success) return null
  const { sub, email, email_verified: verified } = parsed.data
  const cleanEmail = typeof email === 'string' && email.trim() !== '' ? email.trim() : null
  return { sub, email: cleanEmail, emailVerified: verified === true || verified === 'true' }
}

/** The settings block's state (spec 1 §2.5): unlinking needs another sign-in method. */
export async function googleLinkState(userId: number): Promise<GoogleLinkState> {
  const [row] = await sql<{ hasPassword: boolean; email: string | null; linked: boolean }[]>`
    select u.password_hash is not null as "hasPassword", i.email, i.id is not null as linked
    from users u left join user_identities i on i.user_id = u.id and i.provider = 'google'
    where u.id = ${userId}`
  const linked = row?.linked ?? false
  return { enabled: googleEnabled(), linked, email: linked ? (row?.email ?? null) : null, canUnlink: linked && Boolean(row?.hasPassword) }
}

export type LinkStartProblem = 'no-email' | 'reauthenticate' | 'already-linked' | 'disabled'

/** Spec 1 §5: linking needs a signed-in user with an email and a recent sign-in, not yet linked. */
export function linkStartProblem(
  user: { email: string | null; sessionCreatedAt: Date },
  { linked, enabled }: { linked: boolean; enabled: boolean },
  now = Date.now(),
): LinkStartProblem | null {
  if (!enabled) return 'disabled'
  if (!user.email) return 'no-email'
  if (linked) return 'already-linked'
  if (now - user.sessionCreatedAt.getTime() > LINK_REAUTH_MS) return 'reauthenticate'
  return null
}

export const linkStartMessage: Record<LinkStartProblem, string> = {
  'no-email': GoogleMessages.signInRequiredToLink,
  reauthenticate: GoogleMessages.reauthenticate,
  'already-linked': GoogleMessages.alreadyLinked,
  disabled: GoogleMessages.linkFailed,
}

export type GoogleSignIn = { ok: true; userId: number; created: boolean } | { ok: false; reason: 'email-registered' | 'no-verified-email' }

/**
 * Signs in by Google's subject. An unknown subject makes a new account (no password) when
 * its verified email is free; an email that belongs to another account is never merged
 * silently (docs/decisions/0007-google-accounts.md). One transaction.
 */
export async function signInWithGoogle(profile: GoogleProfile): Promise<GoogleSignIn> {
  return sql.begin(async (tx) => {
    const known = async () => {
      const [row] = await tx<{ userId: number }[]>`
        update user_identities set email = coalesce(${profile.email}, email), updated_at = now()
        where provider = 'google' and subject = ${profile.sub}
        returning user_id::int as "userId"`
      return row?.userId ?? null
    }
    const existing = await known()
    if (existing !== null) return { ok: true as const, userId: existing, created: false }
    if (!profile.email || !profile.emailVerified) return { ok: false as const, reason: 'no-verified-email' as const }

    const [user] = await tx<{ id: number }[]>`
      insert into users (uid, email) values (${newUid()}, ${profile.email})
      on conflict ((lower(email))) do nothing
      returning id::int as id`
    if (!user) {
      // The insert waited for any concurrent sign-up of this email: it may be this same subject.
      const raced = await known()
      if (raced !== null) return { ok: true as const, userId: raced, created: false }
      return { ok: false as const, reason: 'email-registered' as const }
    }
    await tx`
      insert into user_identities (user_id, provider, subject, email)
      values (${user.id}, 'google', ${profile.sub}, ${profile.email})`
    return { ok: true as const, userId: user.id, created: true }
  })
}

export type GoogleLink = { ok: true } | { ok: false; reason: 'already-linked' | 'linked-to-another' | 'no-user' }

/** Links this Google subject to the account, unless either side is already taken. */
export async function linkGoogle(userId: number, profile: GoogleProfile): Promise<GoogleLink> {
  return sql.begin(async (tx) => {
    const [user] = await tx`select 1 from users where id = ${userId} for update`
    if (!user) return { ok: false as const, reason: 'no-user' as const }
    const [own] = await tx`select 1 from user_identities where user_id = ${userId} and provider = 'google'`
    if (own) return { ok: false as const, reason: 'already-linked' as const }
    const inserted = await tx`
      insert into user_identities (user_id, provider, subject, email)
      values (${userId}, 'google', ${profile.sub}, ${profile.email})
      on conflict (provider, subject) do nothing
      returning id`
    return inserted.length ? { ok: true as const } : { ok: false as const, reason: 'linked-to-another' as const }
  })
}

export const linkMessage: Record<Exclude<GoogleLink, { ok: true }>['reason'], string> = {
  'already-linked': GoogleMessages.alreadyLinked,
  'linked-to-another': GoogleMessages.linkedToAnother,
  'no-user': GoogleMessages.signInRequiredToLink,
}

export type GoogleUnlink = { ok: true } | { ok: false; reason: 'only-method' | 'not-linked' }

/** Spec 1 §5: unlinking needs another sign-in method (a password). */
export async function unlinkGoogle(userId: number): Promise<GoogleUnlink> {
  return sql.begin(async (tx) => {
    const [user] = await tx<{ hasPassword: boolean }[]>`
      select password_hash is not null as "hasPassword" from users where id = ${userId} for update`
    const [identity] = await tx`select 1 from user_identities where user_id = ${userId} and provider = 'google'`
    if (!user || !identity) return { ok: false as const, reason: 'not-linked' as const }
    if (!user.hasPassword) return { ok: false as const, reason: 'only-method' as const }
    await tx`delete from user_identities where user_id = ${userId} and provider = 'google'`
    return { ok: true as const }
  })
}

export const unlinkMessage: Record<Exclude<GoogleUnlink, { ok: true }>['reason'], string> = {
  'only-method': GoogleMessages.onlyMethod,
  'not-linked': GoogleMessages.unlinkFailed,
}
