import { DomainError } from '~/lib/errors'
import { BILLING_MESSAGES } from './schema'

/**
 * The provider could not do what we asked. `indeterminate` when no answer came back (a
 * timeout, a dropped connection): the request may have been done, so a retry must reuse
 * its idempotency key. An answered failure is saved with its key by Stripe, so a retry
 * needs a fresh one.
 */
export class ProviderFailure extends DomainError {
  constructor(readonly indeterminate: boolean) {
    super('unavailable', BILLING_MESSAGES.unavailable)
  }
}
