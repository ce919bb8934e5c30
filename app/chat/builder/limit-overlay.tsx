import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { Button } from '~/ui/button'
import { OVERLAYS, type Overlay } from './overlays'

/** Spec 2 §2: the upgrade or budget overlay over the chat input. */
export function LimitOverlay({ overlay, onClose }: { overlay: Overlay; onClose: () => void }) {
  const text = OVERLAYS[overlay]
  return (
    <div
      role="dialog"
      aria-labelledby="limit-heading"
      className="absolute inset-0 z-10 grid place-items-center bg-white/95 p-4 text-center dark:bg-zinc-950/95"
    >
      <div>
        <h2 id="limit-heading" className="font-semibold">
          {text.heading}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text.description}</p>
        <div className="mt-3 flex justify-center gap-2">
          <Button size="sm" onClick={() => openPaymentDialog(overlay, 'chat-limit')}>
            {text.action}
          </Button>
          <Button size="sm" variant="ghost" onClick={onClose}>
            Not now
          </Button>
        </div>
      </div>
    </div>
  )
}
