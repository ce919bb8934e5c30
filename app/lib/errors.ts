/**
 * What a feature module throws when it refuses: the user's words, and what kind of refusal
 * it is. Features know nothing of HTTP; `app/lib/api.server.ts` (JSON endpoints) and the
 * form handlers map a kind to a status or a toast in one place each.
 */
export type RefusalKind = 'invalid' | 'unauthenticated' | 'forbidden' | 'not-found' | 'conflict' | 'too-large' | 'limit-reached' | 'unavailable' | 'busy'

/** `retryAfterSeconds`: when to try again (a `busy` refusal; the API answers it as Retry-After). */
export type RefusalDetails = { requiresSubscription?: boolean; retryAfterSeconds?: number }

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly details: RefusalDetails = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }
}

export const isDomainError = (error: unknown, kind?: RefusalKind): error is DomainError =>
  error instanceof DomainError && (kind === undefined || error.kind === kind)
