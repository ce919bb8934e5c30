import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * For the routes of signed-in pages, whose forms a fetcher posts. A submission refused
 * because the session has ended (401) changed nothing, and reloading the page's data
 * would only send the user away to sign in; the form shows its failure in place instead
 * (a change rolls back with its toast). Remix's single fetch does not skip the reload
 * after a refused fetcher submission on its own (remix-run/react-router#13062), and
 * under single fetch `defaultShouldRevalidate` is always true here.
 */
export const keepDataWhenSignedOut: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 401 ? false : defaultShouldRevalidate
