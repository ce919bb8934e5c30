import { DismissButton } from '~/ui/dismiss'
import { Link, useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { FEEDBACK_MAX, FEEDBACK_PARAM, FEEDBACK_RESOURCE, FeedbackMessages } from '~/feedback/schema'
import type { FormReply } from '~/lib/form-reply'
import { Button } from '~/ui/button'
import { cn } from '~/ui/cn'
import { useDisclosure } from '~/ui/disclosure'
import { useFormReply } from '~/ui/use-form-reply'
import { FeedbackIcon } from './icons'

/** The page without `?feedback=sent`: where the form comes back to, and where Close goes without JavaScript. */
function usePageWithout() {
  const { pathname, search } = useLocation()
  const params = new URLSearchParams(search)
  const sent = params.get(FEEDBACK_PARAM) === 'sent'
  params.delete(FEEDBACK_PARAM)
  const query = params.toString()
  return { sent, page: `${pathname}${query ? `?${query}` : ''}` }
}

/**
 * The sidebar's "Share Feedback" popover (spec 2 §2, §4): closed, open, sending, sent. One
 * form posted to /resources/feedback, by a fetcher with JavaScript and by the page without
 * (which comes back with the thank-you open). Escape and a click outside close it, never
 * while it is sending.
 */
export function FeedbackPopover({ collapsed }: { collapsed: boolean }) {
  const details = useRef<HTMLDetailsElement>(null)
  const disclosure = useDisclosure(details)
  const { sent: sentByPage, page } = usePageWithout()
  const fetcher = useFetcher<FormReply<'sent'>>({ key: 'feedback' })
  const [content, setContent] = useState('')
  const [sent, setSent] = useState(false)
  const sending = fetcher.state !== 'idle'

  useFormReply(fetcher, {
    dialog: false,
    onDone: (done) => {
      if (done !== 'sent') return
      setSent(true)
      setContent('')
    },
  })

  const close = () => {
    if (details.current) details.current.open = false
    setSent(false)
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.current?.open || sending) return
      close()
      details.current.querySelector('summary')?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (details.current?.open && !sending && !details.current.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [sending])

  return (
    <details open={sentByPage || undefined} className="relative" {...disclosure.details}>
      <summary
        {...disclosure.summary}
        title={FeedbackMessages.trigger}
        className="flex h-9 cursor-pointer list-none items-center gap-3 rounded-md px-2 text-sm font-medium hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70"
      >
        <FeedbackIcon />
        <span className={cn(collapsed && 'sr-only')}>{FeedbackMessages.trigger}</span>
      </summary>
      <div
        role="group"
        aria-label={FeedbackMessages.trigger}
        className={cn(
          'absolute bottom-full z-50 mb-2 flex h-[230px] flex-col rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900',
          collapsed ? 'left-0 w-64' : 'inset-x-0',
        )}
      >
        {sent || sentByPage ? (
          <div role="status" className="flex flex-1 flex-col items-center justify-center gap-1 text-center">
            <p className="text-base font-semibold">{FeedbackMessages.thanks}</p>
            <p className="text-zinc-600 dark:text-zinc-400">{FeedbackMessages.thanksDetail}</p>
            <DismissButton to={page} replace={false} size="sm" className="mt-3" onDismiss={close}>
              Close
            </DismissButton>
          </div>
        ) : (
          <fetcher.Form method="post" action={FEEDBACK_RESOURCE} className="flex flex-1 flex-col gap-2">
            <input type="hidden" name="returnTo" value={page} />
            <label htmlFor="feedback-content" className="sr-only">
              Feedback
            </label>
            <textarea
              id="feedback-content"
              name="content"
              value={content}
              onChange={(event) => setContent(event.currentTarget.value)}
              placeholder={FeedbackMessages.placeholder}
              maxLength={FEEDBACK_MAX}
              required
              readOnly={sending}
              className="min-h-0 flex-1 resize-none rounded-md border border-zinc-300 bg-white p-2 outline-none read-only:opacity-60 focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
            />
            <Link to="/contact" className="text-xs text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400">
              {FeedbackMessages.contact}
            </Link>
            <div className="flex justify-end gap-2">
              <DismissButton to={page} replace={false} size="sm" onDismiss={close} disabled={sending}>
                Cancel
              </DismissButton>
              <Button type="submit" size="sm" pending={sending} ready={Boolean(content.trim())}>
                Send
              </Button>
            </div>
          </fetcher.Form>
        )}
      </div>
    </details>
  )
}
