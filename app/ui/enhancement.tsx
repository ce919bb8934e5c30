import { createContext, useContext } from 'react'
import { usePageHydrates } from '~/lib/hydration'
import { useNonce } from '~/lib/nonce'
import { UNREACHABLE_MESSAGE } from '~/lib/unreachable'
import type { KeepFormOptions } from './enhance/keep-form'
import { StaticToast } from './toaster'

/** The enhancements a page's markup may ask for (attached by app/enhancements.ts on a page without React). */
export type EnhancementName = 'more-list' | 'char-counter' | 'keep-form' | 'visitor-bridge' | 'data-broker'

/**
 * The attributes that ask for enhancement `name`, with its options, on a page without React
 * (docs/decisions/0056). On a page with React they do nothing: its components use the same
 * modules themselves.
 */
export const enhanceAs = (name: EnhancementName, options: object) => ({ 'data-enhance': name, 'data-options': JSON.stringify(options) })

const EnhancementsSource = createContext('')
/** Set by the server's entry: the enhancements' bundled text (scripts/frame-scripts.ts). */
export const EnhancementsProvider = EnhancementsSource.Provider

/** A page without React gets one script, inline with the response's nonce: every enhancement, attached by markup. */
export function PageEnhancements() {
  const nonce = useNonce()
  const source = useContext(EnhancementsSource)
  return source ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source.replace(/<\/script/gi, '<\\/script') }} /> : null
}

/**
 * Put inside a form of a page that may load no React: there, a post that never reaches the
 * server shows the form's failure toast `title` (the app's own toast, kept in a template) and
 * says so in `errorSlot`, and the page keeps what was typed (app/ui/enhance/keep-form.ts).
 * With React, the route's `clientAction` does the same, so nothing is rendered.
 */
export function KeepWhenUnreachable({ title, errorSlot }: { title: string; errorSlot: string | null }) {
  const options: KeepFormOptions = { errorSlot, message: UNREACHABLE_MESSAGE }
  if (usePageHydrates()) return null
  return (
    <template {...enhanceAs('keep-form', options)}>
      <StaticToast toast={{ title, description: UNREACHABLE_MESSAGE, variant: 'destructive' }} />
    </template>
  )
}
