import type { ButtonHTMLAttributes } from 'react'
import { cn } from './cn'

/**
 * An on/off switch that is a form's submit button, so it works without JavaScript: the
 * form carries the value to set. `busy` while that value is being saved.
 */
export function Switch({ checked, busy = false, className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { checked: boolean; busy?: boolean }) {
  return (
    <button
      type="submit"
      role="switch"
      aria-checked={checked}
      aria-busy={busy || undefined}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
        checked ? 'bg-brand-600' : 'bg-zinc-300 dark:bg-zinc-700',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')}
      />
    </button>
  )
}
