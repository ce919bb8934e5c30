import type { ReactNode } from 'react'
import { useHydrated } from '~/lib/hydrated'

/**
 * Where a page's markup must differ with JavaScript (docs/decisions/0056): `children` once
 * React runs the page, and `fallback`, what works without it, as the server renders it and
 * until then. Pure visibility is styling instead (the `js:` and `no-js:` variants of
 * app/tailwind.css); behaviour a page without React needs is an enhancement (app/ui/enhance/).
 */
export function WithJs({ children = null, fallback = null }: { children?: ReactNode; fallback?: ReactNode }) {
  return <>{useHydrated() ? children : fallback}</>
}

/** What only a page without JavaScript shows: a toast rendered in place, the browser's own file input. */
export function WithoutJs({ children }: { children: ReactNode }) {
  return <WithJs fallback={children} />
}

/**
 * A field's value: controlled by React once it runs the page; before, the field's own, so
 * what was typed before hydration stays and a page without JavaScript posts what is shown.
 */
export function useValueOnceJs(value: string) {
  return useHydrated() ? { value } : { defaultValue: value }
}

/**
 * A submit button's `disabled` while its form is not `ready` (empty, being sent): only once
 * JavaScript runs the page, since without it nothing would turn it back on (the server judges
 * the form then).
 */
export function useOffUntil(ready: boolean) {
  return useHydrated() && !ready
}
