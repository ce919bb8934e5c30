import { createContext, useContext } from 'react'
import { useNonce } from '~/lib/nonce'

const PageHydrates = createContext(true)

/** Set by the document: whether this page loads React, or only its enhancements. */
export const PageHydratesProvider = PageHydrates.Provider

/**
 * A small script that does, on a page that loads no React (docs/decisions/0040), what its
 * component does once hydrated; on a page with React it renders nothing. `run` is sent as
 * its source text and called with `args` (as JSON) where it stands in the document, so it
 * must use nothing from its module and only elements rendered before it.
 */
export function Enhancement<Args extends unknown[]>({ run, args }: { run: (...args: Args) => void; args: Args }) {
  const nonce = useNonce()
  if (useContext(PageHydrates)) return null
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enhancementSource(run, args) }} />
}

/** The script's text: `run` called with `args`, with `<` escaped so no argument can end the script element. */
export function enhancementSource<Args extends unknown[]>(run: (...args: Args) => void, args: Args) {
  return `(${run.toString()})(...${JSON.stringify(args).replace(/</g, '\\u003c')})`
}
