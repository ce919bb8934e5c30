import { useEffect, useRef } from 'react'
import { PaymentDialogLink } from '~/billing/payment-dialog'
import { PAYMENT_DONE_EVENT } from '~/lib/payment-dialog'
import { Button, buttonClasses } from '~/ui/button'
import { OVERLAYS, type Overlay } from './overlays'

/**
 * Spec 2 §2: the upgrade or budget overlay over the chat input. It covers the whole form
 * with the page's own background (nothing of the input shows through) and grows upward
 * when its text needs more room, so its buttons stay on screen. Its button opens the
 * payment dialog in the overlay's mode; once that succeeds the overlay steps aside.
 */
export function LimitOverlay({ overlay, onClose }: { overlay: Overlay; onClose: () => void }) {
  const text = OVERLAYS[overlay]
  const action = useRef<HTMLAnchorElement>(null)

  // The input underneath is covered: the keyboard goes to the overlay, without scrolling anything.
  useEffect(() => action.current?.focus({ preventScroll: true }), [overlay])

  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    const onDone = () => close.current()
    window.addEventListener(PAYMENT_DONE_EVENT, onDone)
    return () => window.removeEventListener(PAYMENT_DONE_EVENT, onDone)
  }, [])

  return (
    <div
      role="dialog"
      aria-labelledby="limit-heading"
      aria-describedby="limit-description"
      className="absolute inset-x-0 bottom-0 z-10 flex min-h-full flex-col items-center justify-center border-t border-zinc-200 bg-(--page-bg) px-3 py-2 text-center dark:border-zinc-800"
    >
      <h2 id="limit-heading" className="text-sm font-semibold">
        {text.heading}
      </h2>
      <p id="limit-description" className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        {text.description}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <PaymentDialogLink ref={action} mode={overlay} source="chat-limit" className={buttonClasses('primary', 'sm')}>
          {text.action}
        </PaymentDialogLink>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Not now
        </Button>
      </div>
    </div>
  )
}
