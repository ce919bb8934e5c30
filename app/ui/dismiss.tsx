import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { Button, buttonClasses } from './button'
import { cn } from './cn'
import { WithJs } from './with-js'

/**
 * A dialog's or popover's Cancel or Close. Without JavaScript the server rendered it open
 * from the page's address, so closing is a link to the page without it; with JavaScript it
 * is a button that closes it in place (and waits while a form in it is under way). One of
 * the few places where the markup differs (docs/decisions/0046).
 */
export function DismissButton({
  to,
  onDismiss,
  disabled = false,
  replace = true,
  size = 'md',
  className,
  children,
}: {
  to: string
  onDismiss: () => void
  disabled?: boolean
  /** The link replaces the page's history entry (a dialog asked for by the address). */
  replace?: boolean
  size?: 'sm' | 'md'
  className?: string
  children: ReactNode
}) {
  return (
    <WithJs
      fallback={
        <Link to={to} replace={replace} preventScrollReset className={cn(buttonClasses('secondary', size), className)}>
          {children}
        </Link>
      }
    >
      <Button type="button" variant="secondary" size={size} className={className} disabled={disabled} onClick={onDismiss}>
        {children}
      </Button>
    </WithJs>
  )
}
