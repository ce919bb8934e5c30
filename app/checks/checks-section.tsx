import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useLocation } from '@remix-run/react'
import { useEffect, useId, type FormEvent, type KeyboardEvent } from 'react'
import { Section } from '~/pieces/menu/section'
import { Button, buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { useEditInPlace, useFocusWhenOpened } from '~/ui/edit-in-place'
import { WithJs, WithoutJs } from '~/ui/with-js'
import { ErrorList } from '~/ui/field'
import { CHECKS_RESOURCE, CheckFormSchema, CheckWords, lastResultWords, type CheckIntent, type ListedCheck } from './schema'
import { useCheckFetcher, useCheckRuns } from './use-check-runs'

type Runs = ReturnType<typeof useCheckRuns>
type Target = { pieceId: number | string; check?: ListedCheck }

/**
 * Issue 31.4: the Piece's behaviour checks in its menu (the owner's editor): each with its
 * steps in words and how it last ended, and Rename, Run now and Delete; Run all when there
 * are two or more. Every action is one form, with or without JavaScript; with it a run
 * shows as running until its result arrives.
 */
export function ChecksSection({ pieceId, checks }: { pieceId: number | string; checks: ListedCheck[] }) {
  const runs = useCheckRuns(pieceId, checks)
  // Recording happens in the preview and needs JavaScript (issue 31.5): without it the section says so.
  const hint = (
    <WithoutJs>
      <p className="mt-2 text-xs text-zinc-500">{CheckWords.needsJavaScript}</p>
    </WithoutJs>
  )
  return (
    <Section title={CheckWords.menu} action={checks.length > 1 ? <RunForm pieceId={pieceId} checks={checks} runs={runs} /> : null}>
      {checks.length ? (
        <>
          <ul aria-label={CheckWords.menu} className="space-y-2">
            {checks.map((check) => (
              <CheckItem key={check.id} pieceId={pieceId} check={check} runs={runs} />
            ))}
          </ul>
          <p className="mt-2 text-xs text-zinc-500">{CheckWords.recordHint}</p>
          {hint}
        </>
      ) : (
        <>
          <p className="text-zinc-600 dark:text-zinc-400">{CheckWords.none}</p>
          {hint}
        </>
      )}
    </Section>
  )
}

function CheckItem({ pieceId, check, runs }: Target & { check: ListedCheck; runs: Runs }) {
  const nameId = useId()
  const rename = useEditInPlace()
  const { close } = rename
  useEffect(() => close(), [check.name, close])
  const result = check.lastResult
  const running = runs.running(check.id)
  const failedAt = result?.status === 'fail' && result.screenshot && !running ? result.screenshot : null

  return (
    <li className="rounded-lg border border-zinc-200 p-2.5 dark:border-zinc-800" data-testid="check">
      {rename.editing ? (
        <RenameForm pieceId={pieceId} check={check} onClose={close} />
      ) : (
        <p id={nameId} className="font-medium break-words">
          {check.name}
        </p>
      )}
      <ol aria-label={CheckWords.recording.steps} className="mt-1 list-decimal space-y-0.5 pl-5 text-xs text-zinc-600 marker:text-zinc-400 dark:text-zinc-400">
        {check.words.map((words, index) => (
          <li key={index}>{words}</li>
        ))}
      </ol>
      <p className="mt-2 flex items-start gap-1.5 text-xs text-zinc-700 dark:text-zinc-300" data-testid="check-result" aria-live="polite">
        <StatusMark status={running ? 'running' : (result?.status ?? 'none')} />
        <span className="min-w-0 break-words">{running ? CheckWords.running : runs.slow(check.id) ? CheckWords.runSlow : lastResultWords(result)}</span>
      </p>
      {failedAt ? (
        <img
          src={failedAt}
          alt={CheckWords.failedAt(check.name)}
          width={320}
          height={200}
          className="mt-2 w-40 rounded-md border border-zinc-200 dark:border-zinc-700"
        />
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-1">
        <WithJs
          fallback={
            // Without JavaScript Rename opens as a disclosure, whose form posts the page.
            <details className="open:basis-full">
              <summary className={cn(buttonClasses('ghost', 'sm'), 'cursor-pointer list-none')}>{CheckWords.rename}</summary>
              <RenameForm pieceId={pieceId} check={check} onClose={() => {}} />
            </details>
          }
        >
          {rename.editing ? null : (
            <Button variant="ghost" size="sm" aria-describedby={nameId} onClick={rename.open}>
              {CheckWords.rename}
            </Button>
          )}
        </WithJs>
        <RunForm pieceId={pieceId} check={check} checks={[check]} runs={runs} describedBy={nameId} />
        <DeleteForm pieceId={pieceId} check={check} describedBy={nameId} />
      </div>
    </li>
  )
}

/** The result's sign beside its words (which say it all: the sign is only seen). */
const MARKS = {
  pass: { path: 'M5 12.5l4.5 4.5L19 7.5', tone: 'text-emerald-600 dark:text-emerald-400' },
  fail: { path: 'M6.5 6.5l11 11M17.5 6.5l-11 11', tone: 'text-red-600 dark:text-red-400' },
  flaky: { path: 'M12 7v6M12 16.5v.5', tone: 'text-amber-600 dark:text-amber-400' },
  error: { path: 'M7 12h10', tone: 'text-zinc-500' },
  none: { path: '', tone: 'text-zinc-400' },
}

function StatusMark({ status }: { status: keyof typeof MARKS | 'running' }) {
  if (status === 'running') {
    return (
      <span
        aria-hidden="true"
        className="mt-px inline-block size-3.5 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent text-brand-500"
      />
    )
  }
  const { path, tone } = MARKS[status]
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0', tone)}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      {path ? <path d={path} /> : <circle cx="12" cy="12" r="6" strokeWidth="2" />}
    </svg>
  )
}

/** The fields every Checks form carries: what to do, to which Piece and check, and the page to come back to. */
function CheckFields({ pieceId, check, intent }: Target & { intent: CheckIntent }) {
  const location = useLocation()
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pieceId" value={String(pieceId)} />
      {check ? <input type="hidden" name="checkId" value={String(check.id)} /> : null}
      <input type="hidden" name="returnTo" value={location.pathname} />
    </>
  )
}

/** Run now (one check) or Run all (`check` absent): the checks show as running until their results arrive. */
function RunForm({ pieceId, check, checks, runs, describedBy }: Target & { checks: ListedCheck[]; runs: Runs; describedBy?: string }) {
  const ids = checks.map(({ id }) => id)
  const fetcher = useCheckFetcher({ onRefused: () => runs.stop(ids) })
  const busy = ids.some(runs.running)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return event.preventDefault()
    runs.start(ids)
  }
  return (
    <fetcher.Form method="post" action={CHECKS_RESOURCE} preventScrollReset onSubmit={onSubmit}>
      <CheckFields pieceId={pieceId} check={check} intent="run" />
      <Button type="submit" variant={check ? 'ghost' : 'secondary'} size="sm" disabled={busy} aria-describedby={describedBy}>
        {check ? CheckWords.runNow : CheckWords.runAll}
      </Button>
    </fetcher.Form>
  )
}

function DeleteForm({ pieceId, check, describedBy }: Target & { check: ListedCheck; describedBy: string }) {
  const fetcher = useCheckFetcher()
  return (
    <fetcher.Form method="post" action={CHECKS_RESOURCE} preventScrollReset className="ml-auto">
      <CheckFields pieceId={pieceId} check={check} intent="delete" />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        pending={fetcher.state !== 'idle'}
        aria-describedby={describedBy}
        className="text-red-600 dark:text-red-400"
      >
        {CheckWords.delete}
      </Button>
    </fetcher.Form>
  )
}

/** The name field and Save: Enter saves, Escape cancels with JavaScript; a refused name says why under it. */
function RenameForm({ pieceId, check, onClose }: Target & { check: ListedCheck; onClose: () => void }) {
  const fetcher = useCheckFetcher({ onDone: onClose })
  const pending = fetcher.state !== 'idle'
  // The field opens on Rename, so it takes the focus then (never on a page load).
  const input = useFocusWhenOpened<HTMLInputElement>({ select: true })
  const [form, fields] = useForm({
    id: `check-rename-${check.id}`,
    lastResult: fetcher.lastResult,
    defaultValue: { name: check.name },
    constraint: getZodConstraint(CheckFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckFormSchema }),
  })
  const formProps = getFormProps(form)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (String(new FormData(event.currentTarget).get('name') ?? '').trim() === check.name) {
      event.preventDefault()
      return onClose()
    }
    formProps.onSubmit(event)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    if (fetcher.state !== 'submitting') onClose()
  }

  return (
    <fetcher.Form method="post" action={CHECKS_RESOURCE} preventScrollReset {...formProps} onSubmit={onSubmit} className="mt-1">
      <CheckFields pieceId={pieceId} check={check} intent="rename" />
      <div className="flex items-center gap-2">
        <label className="sr-only" htmlFor={fields.name.id}>
          {CheckWords.nameLabel}
        </label>
        <input
          ref={input}
          {...getInputProps(fields.name, { type: 'text' })}
          required={false}
          onKeyDown={onKeyDown}
          readOnly={pending}
          autoComplete="off"
          className="h-8 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 outline-none focus:border-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <Button type="submit" variant="secondary" size="sm" pending={pending}>
          {CheckWords.save}
        </Button>
      </div>
      <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
    </fetcher.Form>
  )
}
