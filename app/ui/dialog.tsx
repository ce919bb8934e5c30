import { Link, useLocation } from '@remix-run/react'
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { useHydrated } from '~/lib/hydrated'
import { Button } from './button'
import { cn } from './cn'
import { dropToasts, liftToasts } from './toaster'

// A dialog must close while still in the page, or the browser gives focus back to nothing:
// a layout effect's cleanup runs before React removes the element of an unmounted owner.
const useBeforeRemovalEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Tab and Shift+Tab go round inside an open modal. The native one makes the page behind
 * inert but lets Tab leave for the browser's own controls after its last item.
 */
function keepTabInside(event: KeyboardEvent) {
  if (event.key !== 'Tab') return
  const dialog = event.currentTarget
  if (!(dialog instanceof HTMLDialogElement)) return
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.getClientRects().length > 0)
  const first = items[0]
  const last = items[items.length - 1]
  if (!first || !last) return
  const leaving = event.shiftKey ? document.activeElement === first || document.activeElement === dialog : document.activeElement === last
  if (!leaving) return
  event.preventDefault()
  ;(event.shiftKey ? last : first).focus()
}

/**
 * A modal on the native <dialog>: the browser makes the page behind inert and gives focus
 * back on close; Tab goes round inside it. It closes on Escape or a click on the backdrop, unless busy.
 * The element stays in the page while closed (empty), so closing it can give focus back.
 * Without JavaScript the server renders it open (not modal) over a plain backdrop;
 * `closeHref` makes the close control a link, so such a dialog can be closed too.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  onClose,
  closeHref,
  busy = false,
  className,
}: {
  open: boolean
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  onClose?: () => void
  closeHref?: string
  busy?: boolean
  className?: string
}) {
  const hydrated = useHydrated()
  const dialog = useRef<HTMLDialogElement>(null)
  const pressedOnBackdrop = useRef(false)
  const titleId = useId()
  const descriptionId = useId()

  const close = () => {
    if (!busy) onClose?.()
  }

  useBeforeRemovalEffect(() => {
    const element = dialog.current
    if (!open || !hydrated || !element) return
    element.showModal()
    liftToasts(element)
    return () => {
      dropToasts(element)
      element.close()
    }
  }, [open, hydrated])

  // The backdrop is the dialog element itself, outside its box: a press and release there closes it.
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const onBackdrop = (event: MouseEvent) => {
      const box = element.getBoundingClientRect()
      const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
      return event.target === element && outside
    }
    const onPointerDown = (event: PointerEvent) => {
      pressedOnBackdrop.current = onBackdrop(event)
    }
    const onClick = (event: MouseEvent) => {
      if (pressedOnBackdrop.current && onBackdrop(event) && !busy) onClose?.()
      pressedOnBackdrop.current = false
    }
    element.addEventListener('pointerdown', onPointerDown)
    element.addEventListener('click', onClick)
    element.addEventListener('keydown', keepTabInside)
    return () => {
      element.removeEventListener('pointerdown', onPointerDown)
      element.removeEventListener('click', onClick)
      element.removeEventListener('keydown', keepTabInside)
    }
  }, [busy, onClose])

  const closeLabel = 'Close dialog'
  const closeClasses = 'absolute right-3 top-3 rounded p-1 text-xl leading-none text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100'
  return (
    <>
      {open && !hydrated ? <div aria-hidden="true" className="fixed inset-0 z-50 bg-black/60" /> : null}
      <dialog
        ref={dialog}
        // Server-rendered open; once hydrated, the effect opens it as a modal instead.
        open={open && !hydrated}
        aria-labelledby={open ? titleId : undefined}
        aria-describedby={open && description ? descriptionId : undefined}
        onCancel={(event) => {
          // Escape: the owner decides, through onClose.
          event.preventDefault()
          close()
        }}
        onClose={() => {
          // The browser may close it anyway (a repeated Escape it will not let the page cancel): `open` still rules.
          const element = dialog.current
          if (!open || !hydrated || !element || element.open) return
          element.showModal()
          close()
        }}
        className={cn(
          'fixed inset-0 z-50 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-0 text-inherit shadow-2xl outline-none backdrop:bg-black/60 dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
      >
        {open ? (
          <div className="relative p-6">
            {closeHref ? (
              <Link
                to={closeHref}
                aria-label={closeLabel}
                className={closeClasses}
                preventScrollReset
                replace
                onClick={(event) => (busy ? event.preventDefault() : onClose?.())}
              >
                ×
              </Link>
            ) : onClose ? (
              <button type="button" aria-label={closeLabel} onClick={close} disabled={busy} className={closeClasses}>
                ×
              </button>
            ) : null}
            <h2 id={titleId} className="pr-8 text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                {description}
              </p>
            ) : null}
            {children ? <div className="mt-5">{children}</div> : null}
          </div>
        ) : null}
      </dialog>
    </>
  )
}

/**
 * The button that opens a dialog: in place with JavaScript (`onOpen`), and without it a
 * GET of the same page with `param=value`, which the page answers with the dialog open.
 */
export function DialogOpenButton({ param, value = '1', onOpen, children }: { param: string; value?: string; onOpen: () => void; children: ReactNode }) {
  const location = useLocation()
  return (
    <form method="get" action={location.pathname}>
      <input type="hidden" name={param} value={value} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        onClick={(event) => {
          event.preventDefault()
          onOpen()
        }}
      >
        {children}
      </Button>
    </form>
  )
}
