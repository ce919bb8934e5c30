import { forwardRef, useEffect, useId, useRef } from 'react'
import { CHECK_NAME_MAX, CHECK_STEPS_MAX, CheckWords, isExpectation, stepWords, type CheckStep } from '~/checks/schema'
import { Button } from '~/ui/button'
import type { CheckRecorder } from './use-check-recorder'

const words = CheckWords.recording
const field =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 focus:outline-2 focus:outline-offset-1 focus:outline-emerald-500'
const notice = 'rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100'

/**
 * Issue 31.1: the recorder's panel, under the preview (the preview gives it the room, so every
 * part of the Piece stays in reach), in the look of the visual editor's. It says what to do,
 * lists the steps so far in words (each removable), offers what the last pick could check, and
 * saves the check with a name proposed from its steps. Its buttons stay in view; the rest scrolls.
 */
export function RecordPanel({ recorder }: { recorder: CheckRecorder }) {
  const { steps } = recorder
  const nameField = useRef<HTMLInputElement>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const expectations = steps.filter(isExpectation).length
  // Once the first thing that must be true is chosen, the name it proposes is next.
  const hadExpectations = useRef(expectations)
  useEffect(() => {
    if (expectations > hadExpectations.current) nameField.current?.focus()
    hadExpectations.current = expectations
  }, [expectations])
  // A refusal is read where it is.
  const errorLine = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (recorder.error) errorLine.current?.scrollIntoView({ block: 'nearest' })
  }, [recorder.error])
  // The newest step is the one to see.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight })
  }, [steps.length])

  return (
    <section
      aria-label={CheckWords.record}
      className="@container m-2 flex max-h-[55%] min-h-0 shrink-0 flex-col rounded-xl border border-zinc-200 bg-white text-sm text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        className="flex min-h-0 flex-1 flex-col"
        onSubmit={(event) => {
          event.preventDefault()
          recorder.save()
        }}
      >
        <p
          className="px-3 pt-3 pb-1 text-zinc-600 dark:text-zinc-300"
          data-testid="record-hint"
          aria-live="polite"
          aria-busy={recorder.active ? undefined : true}
        >
          {recorder.active === 'pick' ? words.picking : recorder.active === 'use' ? words.using : words.loading}
        </p>
        {recorder.visitor === 2 ? (
          <p className="px-3 pb-1 text-xs font-medium text-emerald-800 dark:text-emerald-300" data-testid="record-visitor">
            {CheckWords.visitors.acting}
          </p>
        ) : null}
        {/* In a narrow panel the keys are said to screen readers only: the preview needs the room. */}
        {recorder.active === 'pick' ? (
          // not-sr-only takes the padding away, so the words' padding is on a box inside.
          <p className="sr-only @lg:not-sr-only">
            <span className="block px-3 pb-1 text-xs text-zinc-500 dark:text-zinc-400">{words.pickingKeys}</span>
          </p>
        ) : null}
        <div ref={scroller} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-3 pt-2 pb-3">
          <StepList steps={steps} onRemove={recorder.remove} />
          {recorder.options ? <Options options={recorder.options} onChoose={recorder.choose} /> : null}
          {recorder.note ? (
            <p role="status" className={notice}>
              {words.skipped[recorder.note]}
            </p>
          ) : null}
          {expectations ? (
            <NameField ref={nameField} value={recorder.name} onChange={recorder.setName} />
          ) : steps.length ? (
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{words.needsExpectation}</p>
          ) : null}
          {recorder.error ? (
            <p ref={errorLine} role="alert" className={notice} data-testid="record-error">
              {recorder.error}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-700">
          {recorder.active === 'pick' ? (
            <Button variant="secondary" size="sm" onClick={recorder.use}>
              {words.backToUsing}
            </Button>
          ) : (
            <Button variant="secondary" size="sm" disabled={!recorder.active} onClick={recorder.pick}>
              {words.pick}
            </Button>
          )}
          {/* Issue 39.6: the steps after it act as another visitor of the same data. */}
          <Button variant="secondary" size="sm" disabled={!recorder.active || steps.length >= CHECK_STEPS_MAX} onClick={recorder.switchVisitor}>
            {CheckWords.visitors.switchTo[recorder.visitor === 1 ? 2 : 1]}
          </Button>
          <Button type="submit" size="sm" disabled={!recorder.canSave} pending={recorder.saving}>
            {words.save}
          </Button>
          <span className="hidden flex-1 sm:block" />
          <Button variant="ghost" size="sm" onClick={recorder.startOver}>
            {words.startOver}
          </Button>
          <Button variant="ghost" size="sm" onClick={recorder.cancel}>
            {words.cancel}
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The check's name, the proposed one until it is edited. */
const NameField = forwardRef<HTMLInputElement, { value: string; onChange: (value: string) => void }>(function NameField({ value, onChange }, ref) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {words.name}
      </label>
      <input ref={ref} id={id} className={field} value={value} maxLength={CHECK_NAME_MAX} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
})

/** The steps so far, in words, each with a button that takes it out. */
function StepList({ steps, onRemove }: { steps: CheckStep[]; onRemove: (index: number) => void }) {
  const headingId = useId()
  if (!steps.length) return <p className="text-xs text-zinc-500 dark:text-zinc-400">{words.noSteps}</p>
  return (
    <div>
      <h3 id={headingId} className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {words.steps}
      </h3>
      <ol aria-labelledby={headingId} className="space-y-1" data-testid="record-steps">
        {steps.map((step, index) => (
          // Steps have no identity of their own: the same step may come twice, and removing one renumbers the rest.
          <li key={index} className="flex items-start gap-2 rounded-md bg-zinc-100 py-1 pr-1 pl-2 dark:bg-zinc-800">
            <span aria-hidden="true" className="w-5 shrink-0 text-xs leading-6 text-zinc-600 tabular-nums dark:text-zinc-400">
              {index + 1}.
            </span>
            <span
              data-testid="record-step"
              className={
                isExpectation(step)
                  ? 'min-w-0 flex-1 leading-6 font-medium break-words text-emerald-800 dark:text-emerald-300'
                  : 'min-w-0 flex-1 leading-6 break-words'
              }
            >
              {stepWords(step)}
            </span>
            <button
              type="button"
              aria-label={words.removeStep(index + 1)}
              onClick={() => onRemove(index)}
              className="grid size-6 shrink-0 place-items-center rounded text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </li>
        ))}
      </ol>
    </div>
  )
}

/** What else the last pick could check, each in place of the step it added (the name field has the focus: saving is next). */
function Options({ options, onChoose }: { options: CheckStep[]; onChoose: (option: CheckStep) => void }) {
  if (!options.length) return <p className={notice}>{words.nothingToCheck}</p>
  return (
    <fieldset className="space-y-1.5" data-testid="record-options">
      <legend className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{words.instead}</legend>
      {options.map((option) => (
        <button
          key={JSON.stringify(option)}
          type="button"
          onClick={() => onChoose(option)}
          className="block w-full rounded-md border border-emerald-300 bg-emerald-50 px-2 py-1.5 text-left text-emerald-900 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-emerald-500 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100 dark:hover:bg-emerald-900"
        >
          {stepWords(option)}
        </button>
      ))}
    </fieldset>
  )
}
