import { z } from 'zod'
import type { FormWords } from '~/lib/form-reply'
import { EMAIL_PATTERN, text } from '~/lib/text'

export const NAME_MIN = 3
export const NAME_MAX = 24
export const NAME_WARN_ABOVE = 19
export const PASSWORD_MIN = 6

/**
 * Spec 1 §5: the rules for Piece names and usernames, checked in this order; the
 * username variant says 'Username' where the Piece variant says 'Name'.
 */
export function nameProblem(raw: string, noun: 'Name' | 'Username' = 'Name'): string | null {
  const tooShort = `${noun} must be at least ${NAME_MIN} characters`
  // The length rule reads what was typed, so three spaces are 'blank', not 'too short'.
  if (raw.length < NAME_MIN) return tooShort
  const value = raw.trim()
  if (value === '') return `${noun} can't be blank`
  if (!/^[A-Za-z0-9_.]+$/.test(value)) return `${noun} must only contain letters, numbers, underscores, and periods`
  if (value.endsWith('.')) return `${noun} cannot end with a period`
  if (value.length > NAME_MAX) return `${noun} must be ${NAME_MAX} characters or less`
  if (value.length < NAME_MIN) return tooShort
  return null
}

export const normalizeName = (value: string) => value.trim().toLowerCase()

export const AuthMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  wrongPassword: 'Invalid email or password. Please check your credentials and try again',
  noAccount: 'No account found with this email. Please sign up first',
  signInFailed: 'Failed to sign in with email',
  alreadyRegistered: 'This email is already registered. Please try signing in instead',
  invalidEmail: 'Please enter a valid email address',
  weakPassword: 'Password is too weak. Please choose a stronger password',
  signUpFailed: 'Failed to create account',
  signOutFailed: 'Failed to sign out',
  registerFailed: 'Failed to register user',
  usernameTaken: 'Username is already taken',
} as const

/** Log Out says a refusal as its failure toast (success is the redirect to sign in). */
export const LOGOUT_FORM_WORDS: FormWords = { failure: () => AuthMessages.signOutFailed }

export const CredentialsSchema = z.object({
  email: text({ error: AuthMessages.emailRequired }).trim().min(1, AuthMessages.emailRequired).regex(EMAIL_PATTERN, AuthMessages.emailInvalid),
  password: text({ error: AuthMessages.passwordRequired }).min(1, AuthMessages.passwordRequired).min(PASSWORD_MIN, AuthMessages.passwordTooShort),
  // Where to go after signing in: read through safeRedirect, so a value it could not use is dropped, not a refusal.
  redirect: text().optional().catch(undefined),
})

/** The sign-in card shows a refusal under the form; one of the whole submission is also the failure toast (spec 1 §8). */
export const SIGN_IN_FORM_WORDS: FormWords = {
  failure: (_sent, path) => (path === '/signup' ? AuthMessages.signUpFailed : AuthMessages.signInFailed),
  inPlace: () => '',
}

/** Onboarding shows a refusal under the username (it is taken), or under the form. */
export const USERNAME_FORM_WORDS: FormWords = { inPlace: () => 'username' }

export const UsernameSchema = z.object({
  username: text({ error: `Username must be at least ${NAME_MIN} characters` })
    .superRefine((value, ctx) => {
      const problem = nameProblem(value, 'Username')
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    .transform(normalizeName),
})

const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  'password',
  'qwerty',
  'abc123',
  '111111',
  'letmein',
  'iloveyou',
  'monkey',
  'dragon',
])

/** The identity provider's own policy on top of the 6-character minimum. */
export function isWeakPassword(password: string, email: string) {
  const lower = password.toLowerCase()
  return COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password) || lower === email.trim().toLowerCase()
}
