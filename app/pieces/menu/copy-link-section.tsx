import { useEffect, useState } from 'react'
import { Button } from '~/ui/button'
import { Section } from './section'

const COPY_CONFIRM_MS = 2000

/** Copy link, confirmed for 2 seconds (spec 1 §4); without JavaScript, the link to copy by hand. */
export function CopyLinkSection({ shareUrl }: { shareUrl: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shareUrl)
    } catch {
      window.prompt('Copy this link', shareUrl)
      return
    }
    setCopied(true)
  }

  return (
    <Section title="Share">
      {/* Copying needs JavaScript; without it the link is shown to copy by hand. */}
      <Button variant="secondary" size="sm" className="w-full no-js:hidden" onClick={() => void copy()}>
        {copied ? 'Copied!' : 'Copy link'}
      </Button>
      <label className="block js:sr-only">
        <span className="text-xs text-zinc-500">Link</span>
        <input
          readOnly
          value={shareUrl}
          className="mt-1 h-8 w-full rounded-md border border-zinc-300 bg-zinc-50 px-2 text-xs dark:border-zinc-700 dark:bg-zinc-950"
        />
      </label>
      <span aria-live="polite" className="sr-only">
        {copied ? 'Link copied' : ''}
      </span>
    </Section>
  )
}
