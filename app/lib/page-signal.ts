/**
 * A message from one part of the page to the others, as a window event (the payment dialog
 * opens the same way): `say` sends it, `hear` calls its listener each time and answers the
 * function that stops it.
 */
export function pageSignal<T>(name: string) {
  /** This signal's event: what it carries keeps its type from `say` to `hear`. */
  class Said extends Event {
    constructor(readonly detail: T) {
      super(name)
    }
  }
  return {
    say: (detail: T) => window.dispatchEvent(new Said(detail)),
    hear: (listener: (detail: T) => void) => {
      const heard = (event: Event) => {
        if (event instanceof Said) listener(event.detail)
      }
      window.addEventListener(name, heard)
      return () => window.removeEventListener(name, heard)
    },
  }
}
