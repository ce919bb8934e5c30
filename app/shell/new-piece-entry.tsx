import { getFormProps, getInputProps } from '@conform-to/react'
import { useFetchers, useLocation } from '@remix-run/react'
import { useRef } from 'react'
import { useHydrated } from '~/lib/hydrated'
import { PIECES_RESOURCE } from '~/pieces/schema'
import { useCreatePieceForm } from '~/pieces/use-create-piece'
import { cn } from '~/ui/cn'
import { useDisclosure } from '~/ui/disclosure'
import { useFocusWhenOpened } from '~/ui/edit-in-place'
import { ErrorList } from '~/ui/field'
import { Spinner } from '~/ui/spinner'

const NEW_PIECE_ENTRY = 'new-piece-entry'
const triggerClass = 'flex h-9 w-full cursor-pointer items-center gap-3 rounded-md px-2 text-sm font-medium hover:bg-zinc-200/70 dark:hover:bg-zinc-800/70'

/**
 * The sidebar's 'New Piece' inline entry: Enter confirms, Escape cancels; the name is
 * checked and created in one submission, with the input locked meanwhile. It is one
 * disclosure with and without JavaScript, so neither a click nor a name typed while the page
 * hydrates is lost; with JavaScript the field is there only while open, so it takes the focus
 * and starts empty each time.
 */
export function NewPieceEntry() {
  const hydrated = useHydrated()
  const disclosure = useDisclosure(useRef<HTMLDetailsElement>(null), NEW_PIECE_ENTRY)
  // The entry stays open while its Piece is being created, so the creation can finish.
  const creating = useFetchers().some(({ formData }) => formData?.get('intent') === 'create')

  return (
    <details id={NEW_PIECE_ENTRY} className="group" {...disclosure.details}>
      <summary
        {...disclosure.summary}
        className={cn(triggerClass, 'list-none')}
        onClick={(event) => {
          if (creating) event.preventDefault()
        }}
      >
        <PlusIcon />
        <span>New Piece</span>
      </summary>
      {disclosure.open || !hydrated ? <NewPieceForm onClose={disclosure.close} /> : null}
    </details>
  )
}

function NewPieceForm({ onClose }: { onClose: () => void }) {
  const location = useLocation()
  // The field opens on New Piece, so it takes the focus then (never on a page load).
  const input = useFocusWhenOpened<HTMLInputElement>()
  const { fetcher, form, fields, pending } = useCreatePieceForm('new-piece', { source: 'new-piece', onCreated: onClose })

  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} {...getFormProps(form)} className="px-1 pt-1">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      <label className="sr-only" htmlFor={fields.name.id}>
        New Piece name
      </label>
      <div className="relative">
        <input
          ref={input}
          {...getInputProps(fields.name, { type: 'text' })}
          required={false}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return
            event.preventDefault()
            if (!pending) onClose()
          }}
          readOnly={pending}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder="Piece name"
          className="h-8 w-full rounded-md border border-zinc-300 bg-white px-2 pr-7 text-sm outline-none read-only:opacity-60 focus:border-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        {pending ? (
          <span className="absolute top-2 right-2 text-zinc-400">
            <Spinner className="size-3.5" label="Creating Piece" />
          </span>
        ) : null}
      </div>
      <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
      {/* The keys with JavaScript; without, a button to press. */}
      <p className="px-1 text-[11px] text-zinc-500 no-js:hidden">Enter to create, Esc to cancel</p>
      <button type="submit" className="mt-1 h-7 w-full rounded-md bg-brand-600 text-xs font-medium text-white hover:bg-brand-500 js:hidden">
        Create
      </button>
    </fetcher.Form>
  )
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </svg>
  )
}
