import { firstError, type FormRefused } from '~/lib/form-reply'
import { openPaymentDialog } from '~/lib/payment-dialog'
import { STATUS_MESSAGES } from '~/generation/status-messages'
import { overlayFor, type Overlay } from './overlays'
import { failure, type Status } from './status'

/**
 * Spec 2 §8: a 429 whose words name a limit opens that overlay over the input; a refusal
 * that needs PLUS opens the payment dialog; a 409 says another generation runs; anything
 * else says the server's words, or "Something went wrong".
 */
export function showRefusal(refusal: FormRefused, show: { setOverlay: (overlay: Overlay) => void; finish: (status: Status) => void }) {
  const message = firstError(refusal.result) ?? ''
  const overlay = refusal.status === 429 ? overlayFor(message) : null
  if (overlay) {
    show.setOverlay(overlay)
    return show.finish(failure(message, 'upgrade'))
  }
  if (refusal.upgrade) openPaymentDialog(refusal.upgrade, 'chat')
  show.finish(failure(refusal.status === 409 ? STATUS_MESSAGES.busy : message || STATUS_MESSAGES.error))
}
