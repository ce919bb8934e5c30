import { useCallback, useEffect, useState, type RefObject, type SyntheticEvent } from 'react'
import { useHydrated } from '~/lib/hydrated'

/**
 * A `<details>` menu whose `<summary>` is announced as what it is, a button that opens
 * something, and says whether it is open (issue 14.13). Without JavaScript the browser's
 * own open state is all there is, so `aria-expanded` is left to it until hydration.
 *
 * The element is the same before and after hydration, so a click at any moment opens it: one
 * before hydration is read from the page as it starts (given the element's `id`), one
 * during hydration (before the toggle listener was there) once mounted. `close` closes it the
 * way the browser does, and `open` follows.
 */
export function useDisclosure(ref: RefObject<HTMLDetailsElement>, id?: string) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(() => id !== undefined && typeof document !== 'undefined' && document.getElementById(id)?.hasAttribute('open') === true)
  useEffect(() => {
    if (ref.current?.open) setOpen(true)
  }, [ref])
  const close = useCallback(() => {
    if (ref.current) ref.current.open = false
  }, [ref])
  return {
    open,
    close,
    details: { ref, onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open) },
    summary: { role: 'button', 'aria-expanded': hydrated ? open : undefined },
  } as const
}
