import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import type { Refusal } from '../schema'
import { overlayFor, type Overlay } from './overlays'
import { failure, type Status } from './status'

/**
 * Spec 2 §8: a 429 whose words name a limit opens that overlay over the input; a
 * subscription refusal opens the payment dialog; a 409 says another generation runs;
 * anything else says the server's words, or "Something went wrong".
 */
export function showRefusal(refusal: Refusal, show: { setOverlay: (overlay: Overlay) => void; finish: (status: Status) => void }) {
  const overlay = refusal.status === 429 ? overlayFor(refusal.message) : null
  if (overlay) {
    show.setOverlay(overlay)
    return show.finish(failure(refusal.message, 'upgrade'))
  }
  if (refusal.requiresSubscription) openPaymentDialog('upgrade-to-plus', 'chat')
  show.finish(failure(refusal.status === 409 ? STATUS_MESSAGES.busy : refusal.message || STATUS_MESSAGES.error))
}
