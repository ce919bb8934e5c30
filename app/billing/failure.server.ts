import { DomainError } from '~/lib/errors'
import { BILLING_MESSAGES } from './schema'

/**
 * The provider could not do what we asked. `indeterminate` when no answer came back (a
 * timeout, a dropped connection): the request may have been done, so a retry must reuse
 * its idempotency key. An answered failure is saved with its key by Stripe, so a retry
 * needs a fresh one. `permanent` when the provider refused the request itself (a 4xx
 * other than 429): sending it again cannot succeed.
 */
export class ProviderFailure extends DomainError {
  constructor(
    readonly indeterminate: boolean,
    readonly permanent = false,
    /** What the provider said, for logs and operators (never shown to users). */
    readonly detail?: string,
  ) {
    super('unavailable', BILLING_MESSAGES.unavailable)
  }
}
