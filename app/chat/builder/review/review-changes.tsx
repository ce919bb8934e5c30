import type { FetcherWithComponents } from '@remix-run/react'
import { useState, type ChangeEvent, type ReactNode, type SyntheticEvent } from 'react'
import type { ChangeReview } from '~/generation/review/describe'
import { Button } from '~/ui/button'
import { cn } from '~/ui/cn'
import type { ExchangeReview } from './types'
import type { TurnReviewState } from './use-turn-review'
import { ReviewWords } from './words'

type ReviewForm = FetcherWithComponents<unknown>['Form']

/** What the list does with JavaScript for the exchange under review: the switches, the outline, the checks of a choice, Redo. */
export type ReviewActions = {
  state: TurnReviewState
  /** On a phone: shows the preview with the change outlined. */
  showInPreview: (index: number) => void
  /** Issue 40.4: sends the user's words aimed at the element the change touched. */
  redo: (index: number, words: string) => boolean
  redoing: boolean
  checks: ReactNode
}

/**
 * Issue 40.1, 40.2 and 40.5: under an exchange, "Review changes": its changes in the order
 * they were applied, each in words, with a small before/after of the text it touched and its
 * share of the turn's output tokens. On the newest turn each has a switch (a checkbox, all on
 * at first) and "Apply these changes" posts the choice: a plain form without JavaScript, and
 * with it the preview shows the choice at once and outlines the change hovered or focused.
 */
export function ReviewChanges({
  review,
  choosable,
  hydrated,
  Form,
  at,
  actions,
}: {
  review: ExchangeReview
  /** The newest turn at the current point, with no build on its way: its changes can be chosen. */
  choosable: boolean
  hydrated: boolean
  Form: ReviewForm
  at: number
  /** With JavaScript, on the turn under review. */
  actions: ReviewActions | null
}) {
  const state = actions?.state
  return (
    <details
      className="group/review mt-2 rounded-lg border border-zinc-200 text-xs dark:border-zinc-800"
      data-testid="review-changes"
      {...(state && { open: state.open, onToggle: (event: SyntheticEvent<HTMLDetailsElement>) => state.setOpen(event.currentTarget.open) })}
    >
      <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-2 py-1.5 font-medium text-zinc-700 hover:bg-zinc-50 dark:text-zinc-200 dark:hover:bg-zinc-900">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-3.5 transition-transform group-open/review:rotate-90"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m9 6 6 6-6 6" />
        </svg>
        {ReviewWords.open}
        {review.reviewable ? <span className="font-normal text-zinc-500">({review.changes.length})</span> : null}
      </summary>
      <div className="space-y-2 border-t border-zinc-200 p-2 dark:border-zinc-800">
        {!review.reviewable ? (
          <p className="text-zinc-500">{review.reason}</p>
        ) : choosable ? (
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="review-apply" />
            <input type="hidden" name="exchange" value={review.exchange} />
            <input type="hidden" name="at" value={at} />
            {hydrated ? <p className="text-zinc-500">{ReviewWords.hint}</p> : <p className="text-zinc-500">{ReviewWords.noScript}</p>}
            <ChangeList changes={review.changes} actions={actions} choosable />
            {actions?.checks}
            <Button type="submit" size="sm" disabled={Boolean(state && !state.changed)} pending={state?.applying}>
              {ReviewWords.apply}
            </Button>
          </Form>
        ) : (
          <>
            <ChangeList changes={review.changes} actions={null} choosable={false} />
            <p className="text-zinc-500">{ReviewWords.onlyNewest}</p>
          </>
        )}
      </div>
    </details>
  )
}

function ChangeList({ changes, actions, choosable }: { changes: ChangeReview[]; actions: ReviewActions | null; choosable: boolean }) {
  const state = actions?.state
  const wordsOf = (index: number) => changes.find((change) => change.index === index)?.words ?? ''
  return (
    <ol className="space-y-1.5" aria-label={ReviewWords.open}>
      {changes.map((change) => {
        const carried = state?.carried.includes(change.index) ?? false
        const on = state ? !state.off.includes(change.index) && !carried : true
        // What a change left out with another needs: the first of those it needs that is out.
        const missing = carried ? change.needs.find((needed) => state?.off.includes(needed) || state?.carried.includes(needed)) : undefined
        return (
          <li
            key={change.index}
            data-testid="review-change"
            className={cn(
              'rounded-md border p-2',
              state?.outlined === change.index ? 'border-amber-500 bg-amber-50/60 dark:bg-amber-950/40' : 'border-zinc-200 dark:border-zinc-800',
              !on && 'opacity-70',
            )}
            onMouseEnter={() => state?.hover(change.index)}
            onMouseLeave={() => state?.hover(null)}
            onFocus={() => state?.hover(change.index)}
            onBlur={() => state?.hover(null)}
          >
            <div className="flex items-start gap-2">
              {choosable ? (
                <input
                  type="checkbox"
                  role="switch"
                  name="keep"
                  value={change.index}
                  aria-label={change.words}
                  className="peer relative mt-0.5 h-4 w-7 shrink-0 cursor-pointer appearance-none rounded-full bg-zinc-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-3 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400 disabled:cursor-not-allowed dark:bg-zinc-700 dark:checked:bg-brand-500"
                  {...(state
                    ? { checked: on, disabled: carried, onChange: (event: ChangeEvent<HTMLInputElement>) => state.toggle(change.index, event.target.checked) }
                    : { defaultChecked: true })}
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className={cn('font-medium text-zinc-800 dark:text-zinc-100', !on && 'line-through decoration-zinc-400')} data-testid="review-words">
                  {change.words}
                </p>
                {missing !== undefined ? (
                  <p className="text-amber-700 dark:text-amber-400" data-testid="review-needs">
                    {ReviewWords.needs(wordsOf(missing))}
                  </p>
                ) : null}
                <BeforeAfter before={change.before} after={change.after} />
              </div>
              <span className="shrink-0 text-zinc-500 tabular-nums" data-testid="review-tokens">
                {ReviewWords.tokens(change.outputTokens)}
              </span>
            </div>
            {actions && on ? <ChangeTools change={change} actions={actions} /> : null}
          </li>
        )
      })}
    </ol>
  )
}

/** The text the change touched, before and after (one line each, cut short). */
function BeforeAfter({ before, after }: { before: string; after: string }) {
  return (
    <div className="mt-1 space-y-0.5">
      <Side label={ReviewWords.before} text={before} Mark="del" colours="bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200" />
      <Side label={ReviewWords.after} text={after} Mark="ins" colours="bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200" />
    </div>
  )
}

/** One side of a change: its text struck out (`del`) or added (`ins`), or "nothing". */
function Side({ label, text, Mark, colours }: { label: string; text: string; Mark: 'del' | 'ins'; colours: string }) {
  return (
    <p className="flex gap-1">
      <span className="w-10 shrink-0 text-zinc-500">{label}</span>
      {text ? (
        <Mark className={cn('block truncate rounded px-1 font-mono text-[11px] no-underline', colours)} title={text}>
          {text}
        </Mark>
      ) : (
        <span className="text-zinc-400 italic">{ReviewWords.nothing}</span>
      )}
    </p>
  )
}

/** With JavaScript: on a phone "Show in preview"; everywhere "Redo this change" with the user's words. */
function ChangeTools({ change, actions }: { change: ChangeReview; actions: ReviewActions }) {
  const [redoing, setRedoing] = useState(false)
  const [words, setWords] = useState('')
  const send = () => {
    if (words.trim() && actions.redo(change.index, words.trim())) {
      setWords('')
      setRedoing(false)
    }
  }
  return (
    <div className="mt-1.5 flex flex-wrap items-center gap-1.5 pl-9">
      <Button variant="ghost" size="sm" className="h-7 px-2 text-xs md:hidden" onClick={() => actions.showInPreview(change.index)}>
        {ReviewWords.showInPreview}
      </Button>
      {redoing ? (
        <div className="flex w-full items-center gap-1.5">
          <input
            type="text"
            aria-label={ReviewWords.redoLabel(change.words)}
            placeholder={ReviewWords.redoPlaceholder}
            value={words}
            // Focused on opening, as a reply field is.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            onChange={(event) => setWords(event.target.value)}
            onKeyDown={(event) => {
              // Enter sends the redo, never the list's form around it.
              if (event.key === 'Enter') {
                event.preventDefault()
                send()
              }
              if (event.key === 'Escape') setRedoing(false)
            }}
            className="h-7 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 text-xs text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          />
          <Button size="sm" className="h-7 px-2 text-xs" disabled={!words.trim() || actions.redoing} onClick={send}>
            {ReviewWords.redoSend}
          </Button>
        </div>
      ) : (
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" disabled={actions.redoing} onClick={() => setRedoing(true)}>
          {ReviewWords.redo}
        </Button>
      )}
    </div>
  )
}
