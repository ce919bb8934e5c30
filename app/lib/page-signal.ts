/**
 * A message from one part of the page to the others, as a window event (the payment dialog
 * opens the same way): `say` sends it, `hear` calls its listener each time and answers the
 * function that stops it.
 */
export function pageSignal<T>(name: string) {
  return {
    say: (detail: T) => window.dispatchEvent(new CustomEvent<T>(name, { detail })),
    hear: (listener: (detail: T) => void) => {
      const heard = (event: Event) => listener((event as CustomEvent<T>).detail)
      window.addEventListener(name, heard)
      return () => window.removeEventListener(name, heard)
    },
  }
}
