import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'

/*
 * Remix's default entry, except that the page's data is read before hydration starts
 * (docs/decisions/0042). RemixBrowser suspends on its first render until it has decoded the
 * data streamed into the page; a click or a keystroke in that moment makes React 18 hydrate
 * synchronously, the suspension cannot complete synchronously, and React throws "Root did not
 * complete" (minified error #345): the page stays as the server sent it, every button dead.
 * Seen on /onboarding with a CPU slowed 8×, as on a cheap phone.
 *
 * RemixBrowser starts that decoding before it calls any hook and throws the promise it waits
 * on, so calling it once here starts the decoding and hands us the promise; after it settles,
 * the render never suspends and an early event is replayed once hydration catches up.
 */
async function pageDataDecoded() {
  try {
    RemixBrowser({})
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown.catch(() => undefined)
  }
}

void pageDataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    )
  }),
)
