/**
 * What a feature module throws when it refuses: the user's words, and what kind of refusal
 * it is. Features know nothing of HTTP; `app/lib/api.server.ts` (JSON endpoints) and the
 * form handlers map a kind to a status or a toast in one place each.
 */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'limit-reached' | 'unavailable' | 'busy'

/** `retryAfterSeconds`: when to try again (a `busy` refusal; the API answers it as Retry-After). */
export type RefusalDetails = { requiresSubscription?: boolean; retryAfterSeconds?: number }

/** Marks a DomainError, whichever copy of this module made it. */
const DOMAIN_ERROR = Symbol.for('pieces.DomainError')

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true

  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }

  /**
   * server.ts (with the workers) and the Remix build each load this module, and a part
   * chosen once per process (the billing provider) may be made by either: a refusal it
   * throws must still be recognised as one, or it reaches the client as a 500 (issue 26).
   * Subclasses keep the ordinary test.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== DomainError) return Function.prototype[Symbol.hasInstance].call(this, value)
    return typeof value === 'object' && value !== null && DOMAIN_ERROR in value && value[DOMAIN_ERROR] === true
  }
}

export const isDomainError = (error: unknown, kind?: RefusalKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind)

/** What a thrown value says of itself: an error's message (undefined for a value without one). */
export const messageOf = (error: unknown): unknown => (typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined)
