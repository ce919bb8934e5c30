import { getEnv } from './env.server'

/** Cookie-signing secrets, newest first; older ones still verify (rotation). */
export function cookieSecrets(): string[] {
  const value = getEnv().SESSION_SECRET
  if (!value) throw new Error('SESSION_SECRET is not resolved: start the process through server.ts')
  return value
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean)
}

/** The secret new signatures are made with: the first of `cookieSecrets()` (the others still verify). */
export function signingSecret(): string {
  const [current] = cookieSecrets()
  if (current === undefined) throw new Error('SESSION_SECRET holds no secret: give at least one')
  return current
}

export function secureCookies() {
  return getEnv().APP_ORIGIN.startsWith('https:')
}
