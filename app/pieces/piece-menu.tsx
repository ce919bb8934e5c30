import { Form, Link, useLocation, useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { useHydrated } from '~/lib/hydrated'
import { PieceIcon } from './piece-icon'
import { Button, buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { Dialog } from '~/ui/dialog'
import { CharCounter } from '~/ui/field'
import { Spinner } from '~/ui/spinner'
import { useToast } from '~/ui/toaster'
import { IconCropDialog } from './icon-crop-dialog'
import {
  DESCRIPTION_MAX,
  DESCRIPTION_WARN_ABOVE,
  NAME_MAX,
  NAME_WARN_ABOVE,
  normalizeName,
  pieceNameProblem,
  PieceMessages,
  VISIBILITY_LABELS,
  type MenuPiece,
  type PieceVisibility,
} from './schema'

export const PIECES_RESOURCE = '/resources/pieces'
export const DELETE_PARAM = 'delete-piece'
const COPY_CONFIRM_MS = 2000

/** Menu order, with who can see each; private and members-only need PLUS (spec 1 §4). */
const VISIBILITY_OPTIONS: { value: PieceVisibility; hint: string; paid: boolean }[] = [
  { value: 'public', hint: 'Anyone with the link can view', paid: false },
  { value: 'members', hint: 'Only logged-in users can view', paid: true },
  { value: 'private', hint: 'Only you can view', paid: true },
]

type PatchResult = { ok: true } | { ok: false; status: number; message?: string; requiresSubscription?: boolean }

/** Spec 1 §7 call 24, as the menu uses it. */
async function patchPiece(id: MenuPiece['id'], body: Record<string, string>): Promise<PatchResult> {
  try {
    const response = await fetch(`/api/private/pieces?${new URLSearchParams({ id: String(id) })}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (response.ok) return { ok: true }
    const error = (await response.json().catch(() => ({}))) as { message?: string; requiresSubscription?: boolean }
    return { ok: false, status: response.status, ...error }
  } catch {
    return { ok: false, status: 0 }
  }
}

/**
 * The Piece dropdown of the top bar (spec 1 §2.3, §4). The owner can rename, describe,
 * change the icon and visibility, delete and copy the link; everyone else sees the name,
 * the description and the link. Every action is also a plain form without JavaScript.
 */
export function PieceMenu({ piece, isOwner, subscribed, shareUrl }: { piece: MenuPiece; isOwner: boolean; subscribed: boolean; shareUrl: string }) {
  const location = useLocation()
  const menu = useRef<HTMLDetailsElement>(null)
  const params = new URLSearchParams(location.search)
  const confirmDelete = isOwner && params.has(DELETE_PARAM)

  useEffect(() => {
    if (menu.current) menu.current.open = false
  }, [location.pathname])

  return (
    <>
      <details ref={menu} className="relative min-w-0 flex-1" data-testid="piece-menu">
        <summary className="flex h-9 max-w-full cursor-pointer list-none items-center gap-2 rounded-md px-2 hover:bg-zinc-100 dark:hover:bg-zinc-800">
          <PieceIcon icon={piece.icon} name={piece.name} />
          <span className="truncate text-base font-semibold" data-testid="top-bar-title">
            {piece.name}
          </span>
          <span className="sr-only">Open Piece menu</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-zinc-500" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </summary>
        <div
          role="group"
          aria-label="Piece menu"
          className="absolute top-11 left-0 z-40 max-h-[calc(100dvh-4.5rem)] w-[min(22rem,calc(100vw-1.5rem))] space-y-1 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          {isOwner ? (
            <>
              <RenameSection piece={piece} />
              <DescriptionSection piece={piece} />
              <IconSection piece={piece} />
              <VisibilitySection piece={piece} subscribed={subscribed} />
            </>
          ) : (
            <ReadOnlySection piece={piece} />
          )}
          <CopyLinkSection shareUrl={shareUrl} />
          {isOwner ? <DeleteSection piece={piece} /> : null}
        </div>
      </details>
      {confirmDelete ? <DeleteDialog piece={piece} /> : null}
    </>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-zinc-200 pb-3 last:border-0 last:pb-0 dark:border-zinc-800">
      <h3 className="pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
      {children}
    </section>
  )
}

/** The fields every no-JavaScript form of the menu carries. */
function Hidden({ piece, intent }: { piece: MenuPiece; intent: string }) {
  const location = useLocation()
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={String(piece.id)} />
      <input type="hidden" name="returnTo" value={`${location.pathname}`} />
    </>
  )
}

function ReadOnlySection({ piece }: { piece: MenuPiece }) {
  return (
    <Section title="Piece">
      <p className="font-medium">{piece.name}</p>
      <p className="mt-1 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description || 'No description yet.'}</p>
    </Section>
  )
}

function RenameSection({ piece }: { piece: MenuPiece }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(piece.name)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    setValue(piece.name)
    setEditing(false)
    setError(null)
  }, [piece.name])

  async function save() {
    const name = normalizeName(value)
    const problem = pieceNameProblem(name)
    if (problem) return setError(problem)
    if (name === piece.name) return setEditing(false)
    setSaving(true)
    const result = await patchPiece(piece.id, { name })
    setSaving(false)
    if (!result.ok) {
      if (result.status === 409 && !result.message) return setError(PieceMessages.renameWhileGenerating)
      return setError(result.message ?? PieceMessages.updateFailed)
    }
    setEditing(false)
    const onEditor = location.pathname.startsWith('/pieces/')
    navigate(onEditor ? `/pieces/${name}` : `/${name}`, { replace: true })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setValue(piece.name)
      setError(null)
      setEditing(false)
    }
  }

  if (hydrated && !editing) {
    return (
      <Section title="Name">
        <div className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{piece.name}</span>
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Rename
          </Button>
        </div>
      </Section>
    )
  }
  return (
    <Section title="Name">
      <Form
        method="post"
        action={PIECES_RESOURCE}
        onSubmit={(event: FormEvent) => {
          if (!hydrated) return
          event.preventDefault()
          void save()
        }}
      >
        <Hidden piece={piece} intent="rename" />
        <div className="flex items-start gap-2">
          <label className="sr-only" htmlFor="piece-name">
            Piece name
          </label>
          <input
            id="piece-name"
            name="name"
            defaultValue={hydrated ? undefined : piece.name}
            value={hydrated ? value : undefined}
            onChange={(event) => {
              setValue(event.currentTarget.value)
              setError(null)
            }}
            onKeyDown={onKeyDown}
            autoFocus={hydrated}
            disabled={saving}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'piece-name-error' : undefined}
            className="h-8 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 outline-none focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
          />
          {hydrated ? <CharCounter count={value.trim().length} max={NAME_MAX} warnAbove={NAME_WARN_ABOVE} /> : null}
          {saving ? <Spinner className="mt-2" label="Saving name" /> : null}
        </div>
        {error ? (
          <p id="piece-name-error" role="alert" className="mt-1 text-xs text-red-500">
            {error}
          </p>
        ) : null}
        {hydrated ? (
          <p className="mt-1 text-[11px] text-zinc-500">Enter to save, Esc to cancel</p>
        ) : (
          <button type="submit" className={cn(buttonClasses('secondary', 'sm'), 'mt-2')}>
            Save name
          </button>
        )}
      </Form>
    </Section>
  )
}

function DescriptionSection({ piece }: { piece: MenuPiece }) {
  const hydrated = useHydrated()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState(piece.description)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => setValue(piece.description), [piece.description])

  async function save() {
    const description = value.trim()
    if (description.length > DESCRIPTION_MAX) return setError(PieceMessages.descriptionTooLong)
    setSaving(true)
    const result = await patchPiece(piece.id, { description })
    setSaving(false)
    if (!result.ok) {
      toast({ title: PieceMessages.descriptionFailed, description: result.message, variant: 'destructive' })
      return
    }
    setEditing(false)
    revalidator.revalidate()
  }

  if (hydrated && !editing) {
    return (
      <Section title="Description">
        <p className="line-clamp-4 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description || 'No description yet.'}</p>
        <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={() => setEditing(true)}>
          {piece.description ? 'Edit description' : 'Add description'}
        </Button>
      </Section>
    )
  }
  return (
    <Section title="Description">
      <Form
        method="post"
        action={PIECES_RESOURCE}
        onSubmit={(event: FormEvent) => {
          if (!hydrated) return
          event.preventDefault()
          void save()
        }}
      >
        <Hidden piece={piece} intent="describe" />
        <label className="sr-only" htmlFor="piece-description">
          Piece description
        </label>
        <textarea
          id="piece-description"
          name="description"
          rows={4}
          defaultValue={hydrated ? undefined : piece.description}
          value={hydrated ? value : undefined}
          onChange={(event) => {
            setValue(event.currentTarget.value)
            setError(null)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault()
              void save()
            }
            if (event.key === 'Escape') {
              event.preventDefault()
              event.stopPropagation()
              setValue(piece.description)
              setError(null)
              setEditing(false)
            }
          }}
          autoFocus={hydrated}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          className="w-full resize-y rounded-md border border-zinc-300 bg-white p-2 outline-none focus:border-brand-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <div className="flex items-center justify-between gap-2">
          {hydrated ? (
            <p className="text-[11px] text-zinc-500">Ctrl+Enter to save, Esc to cancel</p>
          ) : (
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Save description
            </button>
          )}
          {hydrated ? <CharCounter count={value.trim().length} max={DESCRIPTION_MAX} warnAbove={DESCRIPTION_WARN_ABOVE} /> : null}
        </div>
        {saving ? <Spinner label="Saving description" /> : null}
        {error ? (
          <p role="alert" className="mt-1 text-xs text-red-500">
            {error}
          </p>
        ) : null}
      </Form>
    </Section>
  )
}

function IconSection({ piece }: { piece: MenuPiece }) {
  const hydrated = useHydrated()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const picker = useRef<HTMLInputElement>(null)

  const onCropError = useCallback(
    (kind: 'load' | 'init' | 'crop') => {
      setFile(null)
      const titles = { load: PieceMessages.loadImageFailed, init: PieceMessages.imageEditorFailed, crop: PieceMessages.cropFailed }
      toast({ title: titles[kind], variant: 'destructive' })
    },
    [toast],
  )

  async function upload(icon: string, failure: string) {
    setBusy(true)
    const result = await patchPiece(piece.id, { icon })
    setBusy(false)
    setFile(null)
    if (!result.ok) return toast({ title: failure, description: result.message, variant: 'destructive' })
    revalidator.revalidate()
  }

  if (!hydrated) {
    return (
      <Section title="Icon">
        <Form method="post" action={PIECES_RESOURCE} encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
          <Hidden piece={piece} intent="icon" />
          <label className="sr-only" htmlFor="piece-icon-file">
            Icon image
          </label>
          <input id="piece-icon-file" type="file" name="icon" accept="image/*" required className="max-w-full text-xs" />
          <button type="submit" className={buttonClasses('secondary', 'sm')}>
            Upload icon
          </button>
        </Form>
        {piece.icon ? (
          <Form method="post" action={PIECES_RESOURCE} className="mt-2">
            <Hidden piece={piece} intent="remove-icon" />
            <button type="submit" className={buttonClasses('ghost', 'sm')}>
              Remove icon
            </button>
          </Form>
        ) : null}
      </Section>
    )
  }
  return (
    <Section title="Icon">
      <div className="flex items-center gap-2">
        <PieceIcon icon={piece.icon} name={piece.name} className="size-8" />
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label="Icon image"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0]
            event.currentTarget.value = ''
            if (chosen) setFile(chosen)
          }}
        />
        <Button variant="ghost" size="sm" onClick={() => picker.current?.click()} pending={busy}>
          {piece.icon ? 'Change icon' : 'Choose icon'}
        </Button>
        {piece.icon ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void upload('', PieceMessages.iconRemoveFailed)}>
            Remove icon
          </Button>
        ) : null}
      </div>
      {file ? (
        <IconCropDialog
          file={file}
          busy={busy}
          onCancel={() => setFile(null)}
          onError={onCropError}
          onApply={(dataUrl) => void upload(dataUrl, PieceMessages.iconFailed)}
        />
      ) : null}
    </Section>
  )
}

function VisibilitySection({ piece, subscribed }: { piece: MenuPiece; subscribed: boolean }) {
  const hydrated = useHydrated()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [optimistic, setOptimistic] = useState<PieceVisibility | null>(null)
  const shown = optimistic ?? piece.visibility

  useEffect(() => setOptimistic(null), [piece.visibility])

  async function choose(event: FormEvent<HTMLFormElement>, visibility: PieceVisibility, paid: boolean) {
    if (!hydrated) return
    event.preventDefault()
    if (visibility === shown) return
    if (paid && !subscribed) return openPaymentDialog('upgrade-to-plus', 'piece-visibility')
    setOptimistic(visibility)
    const result = await patchPiece(piece.id, { visibility })
    if (!result.ok) {
      setOptimistic(null)
      if (result.requiresSubscription) openPaymentDialog('upgrade-to-plus', 'piece-visibility')
      toast({ title: PieceMessages.visibilityFailed, variant: 'destructive' })
      return
    }
    revalidator.revalidate()
  }

  return (
    <Section title="Visibility">
      <div role="radiogroup" aria-label="Visibility" className="space-y-1">
        {VISIBILITY_OPTIONS.map((option) => (
          <Form key={option.value} method="post" action={PIECES_RESOURCE} onSubmit={(event) => void choose(event, option.value, option.paid)}>
            <Hidden piece={piece} intent="visibility" />
            <input type="hidden" name="visibility" value={option.value} />
            <button
              type="submit"
              role="radio"
              aria-checked={shown === option.value}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800',
                shown === option.value && 'bg-zinc-100 font-medium dark:bg-zinc-800',
              )}
            >
              <span
                aria-hidden="true"
                className={cn('grid size-4 place-items-center rounded-full border', shown === option.value ? 'border-brand-500' : 'border-zinc-400')}
              >
                {shown === option.value ? <span className="size-2 rounded-full bg-brand-500" /> : null}
              </span>
              <span className="flex-1">
                <span className="block">{VISIBILITY_LABELS[option.value]}</span>
                <span className="block text-xs font-normal text-zinc-500">{option.hint}</span>
              </span>
              {option.paid && !subscribed ? (
                <span className="rounded-full bg-brand-600/15 px-2 py-0.5 text-[10px] font-bold text-brand-600 dark:text-brand-400">PLUS</span>
              ) : null}
            </button>
          </Form>
        ))}
      </div>
    </Section>
  )
}

function CopyLinkSection({ shareUrl }: { shareUrl: string }) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS)
    return () => window.clearTimeout(timer)
  }, [copied])

  return (
    <Section title="Share">
      {hydrated ? (
        <Button
          variant="secondary"
          size="sm"
          className="w-full"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(shareUrl)
            } catch {
              window.prompt('Copy this link', shareUrl)
              return
            }
            setCopied(true)
          }}
        >
          {copied ? 'Copied!' : 'Copy link'}
        </Button>
      ) : null}
      <label className={cn('block', hydrated && 'sr-only')}>
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

function DeleteSection({ piece }: { piece: MenuPiece }) {
  const location = useLocation()
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const params = new URLSearchParams(location.search)
  params.set(DELETE_PARAM, '1')
  return (
    <Section title="Danger zone">
      <Link
        to={`${location.pathname}?${params}`}
        preventScrollReset
        onClick={(event) => {
          if (!hydrated) return
          event.preventDefault()
          setOpen(true)
        }}
        className={cn(buttonClasses('ghost', 'sm'), 'w-full justify-start text-red-600 dark:text-red-400')}
      >
        Delete Piece
      </Link>
      {open ? <DeleteDialog piece={piece} onClose={() => setOpen(false)} /> : null}
    </Section>
  )
}

function DeleteDialog({ piece, onClose }: { piece: MenuPiece; onClose?: () => void }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const location = useLocation()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const params = new URLSearchParams(location.search)
  params.delete(DELETE_PARAM)
  const here = `${location.pathname}${params.size ? `?${params}` : ''}`

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    event.preventDefault()
    setBusy(true)
    try {
      const response = await fetch(`/api/private/pieces?${new URLSearchParams({ id: String(piece.id) })}`, { method: 'DELETE' })
      if (!response.ok) throw new Error(`status ${response.status}`)
      navigate('/explore', { replace: true })
    } catch {
      setBusy(false)
      toast({ title: PieceMessages.deleteFailed, variant: 'destructive' })
    }
  }

  return (
    <Dialog
      open
      busy={busy}
      onClose={onClose ?? (() => navigate(here, { replace: true, preventScrollReset: true }))}
      closeHref={onClose ? undefined : here}
      title="Delete Piece"
      description={`This permanently deletes ${piece.name} and its history. This cannot be undone.`}
    >
      <Form method="post" action={PIECES_RESOURCE} onSubmit={onSubmit} className="flex justify-end gap-2">
        <Hidden piece={piece} intent="delete" />
        {onClose ? (
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
        ) : (
          <Link to={here} replace className={buttonClasses('secondary')}>
            Cancel
          </Link>
        )}
        <Button type="submit" variant="destructive" pending={busy}>
          Delete
        </Button>
      </Form>
    </Dialog>
  )
}
