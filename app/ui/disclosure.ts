import { useState, type SyntheticEvent } from 'react'
import { useHydrated } from '~/lib/hydrated'

/**
 * A `<details>` menu whose `<summary>` is announced as what it is, a button that opens
 * something, and says whether it is open (issue 14.13). Without JavaScript the browser's
 * own open state is all there is, so `aria-expanded` is left to it until hydration.
 */
export function useDisclosure() {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  return {
    details: { onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open) },
    summary: { role: 'button', 'aria-expanded': hydrated ? open : undefined },
  } as const
}
