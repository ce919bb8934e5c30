import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { Toaster, toast as sonner } from 'sonner'
import { TOAST_DURATION_MS, TOAST_SWIPE_PX } from '~/lib/constants'
import type { Toast } from '~/lib/toast'
import { cn } from './cn'
import { WithoutJs } from './with-js'

type ToastInput = Omit<Toast, 'id' | 'variant'> & { id?: string; variant?: Toast['variant'] }

/*
 * The toaster sits in a layer of its own that follows the topmost modal dialog: a modal
 * <dialog> is in the browser's top layer and makes everything outside it inert, so a toast
 * left in <body> would show under the backdrop, unclickable and unannounced.
 */
let layer: HTMLElement | null = null
const openDialogs: HTMLElement[] = []

function placeLayer() {
  const host = openDialogs.at(-1) ?? document.body
  if (layer && layer.parentElement !== host) host.append(layer)
}

/** A modal dialog opened: toasts show inside it from now on. */
export function liftToasts(dialog: HTMLElement) {
  openDialogs.push(dialog)
  placeLayer()
}

/** A modal dialog is closing: toasts go back to where they were before it opened. */
export function dropToasts(dialog: HTMLElement) {
  const index = openDialogs.lastIndexOf(dialog)
  if (index >= 0) openDialogs.splice(index, 1)
  placeLayer()
}

/* Sonner's toaster only hears toasts sent after it mounts; earlier ones (hydration) wait here. */
let toasterReady = false
let waiting: Toast | null = null

/*
 * The toast on screen. A replaced toast empties at once, so only one is ever read out or
 * found by its text, even while sonner animates the old one away.
 */
let currentId: string | null = null
const currentListeners = new Set<() => void>()
const subscribeCurrent = (listener: () => void) => {
  currentListeners.add(listener)
  return () => void currentListeners.delete(listener)
}

function present(toast: Toast) {
  currentId = toast.id
  currentListeners.forEach((listener) => listener())
  for (const shown of sonner.getToasts()) if (shown.id !== toast.id) sonner.dismiss(shown.id)
  sonner.custom((id) => <SonnerToast toast={toast} onDismiss={() => sonner.dismiss(id)} />, { id: toast.id })
}

function SonnerToast({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const current = useSyncExternalStore(
    subscribeCurrent,
    () => currentId === toast.id,
    () => false,
  )
  const swipe = useSwipeRight(onDismiss)
  // Not selectable: a drag over the title would select text instead of moving the toast.
  return current ? (
    <div {...swipe} className="touch-pan-y">
      <ToastView toast={toast} onDismiss={onDismiss} className="select-none" />
    </div>
  ) : null
}

/**
 * Swipe right past TOAST_SWIPE_PX to dismiss (spec 1 §9): the toast follows the pointer to
 * the right and springs back when let go short of it. Sonner's own swipe is off: its
 * threshold is a fixed 45 px (docs/decisions/0018).
 */
function useSwipeRight(onDismiss: () => void) {
  const start = useRef<{ x: number; pointer: number } | null>(null)
  const [offset, setOffset] = useState(0)
  const end = (event: PointerEvent, dismiss: boolean) => {
    if (start.current?.pointer !== event.pointerId) return
    const moved = event.clientX - start.current.x
    start.current = null
    setOffset(0)
    if (dismiss && moved > TOAST_SWIPE_PX) onDismiss()
  }
  return {
    style: { transform: offset ? `translateX(${offset}px)` : undefined, transition: offset ? 'none' : 'transform 150ms ease-out' },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0 || (event.target instanceof Element && event.target.closest('button'))) return
      start.current = { x: event.clientX, pointer: event.pointerId }
      event.currentTarget.setPointerCapture(event.pointerId)
    },
    onPointerMove: (event: PointerEvent) => {
      if (start.current?.pointer === event.pointerId) setOffset(Math.max(0, event.clientX - start.current.x))
    },
    onPointerUp: (event: PointerEvent) => end(event, true),
    onPointerCancel: (event: PointerEvent) => end(event, false),
  }
}

function showToast({ variant = 'default', id = crypto.randomUUID(), ...input }: ToastInput) {
  const toast = { ...input, variant, id }
  if (toasterReady) present(toast)
  else waiting = toast
}

/**
 * Shows one toast at a time (sonner), starting with `initial`, the toast a redirect left in
 * the flash cookie. Before hydration, and so without JavaScript, `initial` is rendered in place.
 */
export function ToastProvider({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [host, setHost] = useState<HTMLElement | null>(null)

  useEffect(() => {
    const element = document.createElement('div')
    layer = element
    placeLayer()
    setHost(element)
    return () => {
      element.remove()
      layer = null
    }
  }, [])

  // Runs after the toaster (a child) has subscribed to sonner.
  useEffect(() => {
    if (!host) return
    toasterReady = true
    if (waiting) present(waiting)
    waiting = null
    return () => {
      toasterReady = false
    }
  }, [host])

  useEffect(() => {
    if (initial) showToast(initial)
  }, [initial])

  return (
    <>
      {children}
      {host
        ? createPortal(
            <Toaster
              position="bottom-right"
              duration={TOAST_DURATION_MS}
              visibleToasts={1}
              swipeDirections={[]}
              offset={16}
              mobileOffset={16}
              hotkey={[]}
              customAriaLabel="Notifications"
              style={{ ['--width' as string]: '24rem' }}
              toastOptions={{ unstyled: true, className: 'w-full' }}
            />,
            host,
          )
        : null}
      {initial ? (
        <WithoutJs>
          <StaticToast toast={initial} />
        </WithoutJs>
      ) : null}
    </>
  )
}

/** A toast rendered in place, for pages without JavaScript: CSS fades it out after 5 s. */
export function StaticToast({ toast }: { toast: Omit<Toast, 'id'> }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end">
      <ToastView toast={toast} className="toast-life max-w-sm" />
    </div>
  )
}

const tones: Record<Toast['variant'], string> = {
  default: 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
  success: 'border-emerald-500/40 bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100',
  warning: 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  destructive: 'border-red-600 bg-red-600 text-white',
}

function ToastView({ toast, onDismiss, className }: { toast: Omit<Toast, 'id'>; onDismiss?: () => void; className?: string }) {
  return (
    <div
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      data-variant={toast.variant}
      className={cn('pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 text-left font-sans shadow-lg', tones[toast.variant], className)}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {onDismiss ? (
        <button type="button" onClick={onDismiss} aria-label="Dismiss notification" className="rounded p-1 leading-none opacity-70 hover:opacity-100">
          ×
        </button>
      ) : null}
    </div>
  )
}

/** `toast({ title, description?, variant? })`: shows a toast, replacing the one on screen. */
export const useToast = () => showToast
