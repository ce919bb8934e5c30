import { Form, useLocation, useNavigate } from '@remix-run/react'
import { useRef, useState, type FormEvent } from 'react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { useHydrated } from '~/lib/hydrated'
import { normalizeName, pieceNameProblem, PieceMessages } from '~/pieces/schema'
import { PIECES_RESOURCE } from '~/pieces/piece-menu'
import { cn } from '~/ui/cn'
import { Spinner } from '~/ui/spinner'

type Phase = 'closed' | 'editing' | 'checking' | 'creating'

/**
 * The sidebar's 'New Piece' inline entry: Enter confirms, Escape cancels; the name is
 * checked, then created, with the input locked meanwhile. Without JavaScript it is a
 * disclosure with a plain form.
 */
export function NewPieceEntry() {
  const hydrated = useHydrated()
  const location = useLocation()
  const navigate = useNavigate()
  const [phase, setPhase] = useState<Phase>('closed')
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const busy = phase === 'checking' || phase === 'creating'
  const returnTo = `${location.pathname}${location.search}`

  const cancel = () => {
    if (busy) return
    setPhase('closed')
    setName('')
    setError(null)
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const normalized = normalizeName(name)
    const problem = pieceNameProblem(normalized)
    if (problem) return setError(problem)
    setError(null)
    try {
      setPhase('checking')
      const check = await fetch(`/api/private/pieces/check-name?${new URLSearchParams({ name: normalized })}`)
      if (check.ok && ((await check.json()) as { exists?: boolean }).exists) {
        setPhase('editing')
        return setError(PieceMessages.nameTaken)
      }
      setPhase('creating')
      const response = await fetch('/api/private/pieces', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: normalized, visibility: 'public' }),
      })
      const body = (await response.json().catch(() => ({}))) as { name?: string; message?: string; requiresSubscription?: boolean }
      if (!response.ok) {
        if (body.requiresSubscription) openPaymentDialog('upgrade-to-plus', 'new-piece')
        setPhase('editing')
        return setError(body.message ?? PieceMessages.createFailed)
      }
      setPhase('closed')
      setName('')
      navigate(`/pieces/${body.name ?? normalized}`)
    } catch {
      setPhase('editing')
      setError(PieceMessages.createFailed)
    }
  }

  const field = (
    <Form method="post" action={PIECES_RESOURCE} onSubmit={hydrated ? onSubmit : undefined} className="px-1 pt-1">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="returnTo" value={returnTo} />
      <label className="sr-only" htmlFor="new-piece-name">
        New Piece name
      </label>
      <div className="relative">
        <input
          ref={input}
          id="new-piece-name"
          name="name"
          value={hydrated ? name : undefined}
          onChange={(event) => {
            setName(event.currentTarget.value)
            setError(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault()
              cancel()
            }
          }}
          autoFocus={hydrated}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder="Piece name"
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'new-piece-error' : undefined}
          className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2 pr-7 text-sm outline-none focus:border-brand-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {busy ? (
          <span className="absolute top-2 right-2 text-zinc-400">
            <Spinner className="size-3.5" label={phase === 'checking' ? 'Checking name' : 'Creating Piece'} />
          </span>
        ) : null}
      </div>
      {error ? (
        <p id="new-piece-error" role="alert" className="mt-1 px-1 text-xs text-red-500">
          {error}
        </p>
      ) : null}
      {hydrated ? (
        <p className="mt-1 px-1 text-[11px] text-zinc-500">Enter to create, Esc to cancel</p>
      ) : (
        <button type="submit" className="mt-1 h-7 w-full rounded-md bg-brand-600 text-xs font-medium text-white hover:bg-brand-500">
          Create
        </button>
      )}
    </Form>
  )

  const triggerClass = cn(
    'flex h-9 w-full cursor-pointer items-center gap-3 rounded-md px-2 text-sm font-medium hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70',
  )
  if (!hydrated) {
    return (
      <details className="group">
        <summary className={cn(triggerClass, 'list-none')}>
          <PlusIcon />
          <span>New Piece</span>
        </summary>
        {field}
      </details>
    )
  }
  return (
    <div>
      <button type="button" className={triggerClass} aria-expanded={phase !== 'closed'} onClick={() => (phase === 'closed' ? setPhase('editing') : cancel())}>
        <PlusIcon />
        <span>New Piece</span>
      </button>
      {phase === 'closed' ? null : field}
    </div>
  )
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </svg>
  )
}
