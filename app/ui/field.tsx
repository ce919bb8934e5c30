import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { cn } from './cn'
import { COUNTER_TONES, counterText, counterTone, countCharacters, type CounterOptions } from './enhance/char-counter'
import { enhanceAs } from './enhancement'

const controlClasses =
  'w-full rounded-lg border bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-500 dark:bg-zinc-900 dark:text-zinc-100'

function borderFor(invalid: boolean) {
  return invalid ? 'border-red-500' : 'border-zinc-300 dark:border-zinc-700'
}

/** Errors sit in a fixed-height slot, so buttons never jump when a message comes or goes. */
export function ErrorList({ id, errors }: { id?: string; errors?: (string | undefined)[] | null }) {
  const list = (errors ?? []).filter(Boolean)
  return (
    <div id={id} className="min-h-5 pt-1 text-xs text-red-500" aria-live="polite">
      {list.length ? list.map((error) => <p key={error}>{error}</p>) : null}
    </div>
  )
}

type FieldProps = {
  label: ReactNode
  errors?: (string | undefined)[] | null
  hint?: ReactNode
  className?: string
}

export function Field({ label, errors, hint, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const fallbackId = useId()
  const id = input.id ?? fallbackId
  const errorId = `${id}-error`
  const invalid = Boolean(errors?.filter(Boolean).length)
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={cn(controlClasses, borderFor(invalid))}
      />
      {hint}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({ label, errors, hint, className, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallbackId = useId()
  const id = textarea.id ?? fallbackId
  const errorId = `${id}-error`
  const invalid = Boolean(errors?.filter(Boolean).length)
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <textarea
        {...textarea}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={cn(controlClasses, borderFor(invalid), 'min-h-32 resize-y')}
      />
      <div className="flex items-start justify-between gap-4">
        <ErrorList id={errorId} errors={errors} />
        {hint}
      </div>
    </div>
  )
}

/**
 * A character counter that follows the field with id `field` as it is typed in (the length
 * of its text, trimmed when `trim`): yellow above the warning mark, red over the maximum.
 * One module counts, with React or without (app/ui/enhance/char-counter.ts, docs/decisions/0056).
 */
export function CharCounter({ field, initial, trim, max, warnAbove, className }: CounterOptions & { initial: string; className?: string }) {
  const counter = useRef<HTMLSpanElement>(null)
  useEffect(() => (counter.current ? countCharacters(counter.current, { field, max, warnAbove, trim }) : undefined), [field, max, warnAbove, trim])
  const count = trim ? initial.trim().length : initial.length
  return (
    <span
      ref={counter}
      className={cn('shrink-0 pt-1 text-xs tabular-nums', COUNTER_TONES[counterTone(count, max, warnAbove)], className)}
      data-testid="char-counter"
      {...enhanceAs('char-counter', { field, max, warnAbove, trim } satisfies CounterOptions)}
    >
      {counterText(count, max)}
    </span>
  )
}
