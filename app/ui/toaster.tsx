import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS } from '~/lib/constants'
import type { Toast } from '~/lib/toast'
import { cn } from './cn'

type ToastInput = Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] }
type Shown = Toast & { open: boolean }

const ToastContext = createContext<{ toast: (input: ToastInput) => void }>({ toast: () => {} })

/** Shows one toast at a time: a new one replaces the old. */
export function ToastProvider({ initial, children }: { initial: Toast | null; children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(initial ? { ...initial, open: true } : null)
  const timers = useRef<number[]>([])

  const show = useCallback((toast: Toast) => {
    timers.current.forEach((timer) => window.clearTimeout(timer))
    setShown({ ...toast, open: true })
    timers.current = [
      window.setTimeout(() => setShown((current) => (current?.id === toast.id ? { ...current, open: false } : current)), TOAST_DURATION_MS),
      window.setTimeout(() => setShown((current) => (current?.id === toast.id ? null : current)), TOAST_DURATION_MS + TOAST_REMOVE_DELAY_MS),
    ]
  }, [])

  useEffect(() => {
    if (initial) show(initial)
  }, [initial, show])
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), [])

  const value = useMemo(() => ({ toast: (input: ToastInput) => show({ variant: 'default', ...input, id: crypto.randomUUID() }) }), [show])
  const dismiss = () => setShown((current) => (current ? { ...current, open: false } : current))

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end">
        {shown && shown.open ? <ToastView key={shown.id} toast={shown} onDismiss={dismiss} /> : null}
      </div>
    </ToastContext.Provider>
  )
}

const tones: Record<Toast['variant'], string> = {
  default: 'border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
  success: 'border-emerald-500/40 bg-white text-zinc-900 dark:bg-zinc-900 dark:text-zinc-100',
  warning: 'border-amber-500/60 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  destructive: 'border-red-600 bg-red-600 text-white',
}

function ToastView({ toast, onDismiss }: { toast: Shown; onDismiss: () => void }) {
  return (
    <div
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      data-variant={toast.variant}
      className={cn('toast-life pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg', tones[toast.variant])}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      <button type="button" onClick={onDismiss} aria-label="Dismiss notification" className="rounded p-1 opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  )
}

export const useToast = () => useContext(ToastContext).toast
