import type { ShouldRevalidateFunction } from '@remix-run/react'
import { isRefusedInBrowser } from './unreachable'

/**
 * A submission refused because the database cannot be reached (503), or one that never
 * reached the server (refused in the browser: app/lib/unreachable.ts), changed nothing, and
 * reloading the page's data would fail the same way and replace the page with the error
 * screen; the form says so in place instead. For every route with data a form's page shows
 * (every route with a loader and a page exports this or `keepDataWhenSignedOut`).
 */
export const keepDataWhenUnavailable: ShouldRevalidateFunction = ({ actionStatus, actionResult, defaultShouldRevalidate }) =>
  actionStatus === 503 || isRefusedInBrowser(actionResult) ? false : defaultShouldRevalidate

/**
 * For the routes of signed-in pages, whose forms a fetcher posts. A submission refused
 * because the session has ended (401) changed nothing, and reloading the page's data
 * would only send the user away to sign in; the form shows its failure in place instead
 * (a change rolls back with its toast). Nor after a 503, as above. Remix's single fetch
 * does not skip the reload after a refused fetcher submission on its own
 * (remix-run/react-router#13062), and under single fetch `defaultShouldRevalidate` is
 * always true here.
 */
export const keepDataWhenSignedOut: ShouldRevalidateFunction = (args) => (args.actionStatus === 401 ? false : keepDataWhenUnavailable(args))
