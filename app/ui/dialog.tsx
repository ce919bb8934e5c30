import { Link } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { cn } from './cn'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * A modal that traps focus, closes on Escape or an outside click (unless busy) and gives
 * focus back on close. `closeHref` makes the close control a link, so a dialog opened by
 * the server (JavaScript off) can be closed too.
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
  const panel = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()

  useEffect(() => {
    if (!open) return
    const previous = document.activeElement as HTMLElement | null
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? panel.current)?.focus()
    return () => previous?.focus?.()
  }, [open])

  if (!open) return null

  const close = () => {
    if (!busy) onClose?.()
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation()
      close()
    }
    if (event.key !== 'Tab' || !panel.current) return
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE))
    if (!items.length) return
    const first = items[0]!
    const last = items[items.length - 1]!
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  const closeLabel = 'Close dialog'
  const closeClasses = 'absolute right-3 top-3 rounded p-1 text-xl leading-none text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100'
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/60 p-4" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'relative w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-2xl outline-none dark:border-zinc-800 dark:bg-zinc-900',
          className,
        )}
      >
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
    </div>
  )
}
