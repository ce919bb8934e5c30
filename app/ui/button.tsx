import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from './cn'
import { useOffUntil } from './with-js'
import { Spinner } from './spinner'

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-500 focus-visible:outline-brand-400',
  secondary: 'border border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  ghost: 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
  destructive: 'bg-red-600 text-white hover:bg-red-500',
} as const

const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof variants
  size?: keyof typeof sizes
  pending?: boolean
  /** False: off until the form is ready (an empty message), once JavaScript runs the page. */
  ready?: boolean
}

export const buttonClasses = (variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    sizes[size],
  )

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', pending = false, ready = true, className, children, disabled, type = 'button', ...props },
  ref,
) {
  const notReady = useOffUntil(ready)
  return (
    <button
      ref={ref}
      type={type}
      className={cn(buttonClasses(variant, size), className)}
      disabled={disabled || pending || notReady}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending ? <Spinner className="size-4" label="Working" /> : null}
      {children}
    </button>
  )
})
