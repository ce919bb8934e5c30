import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useEffect, type FormEvent, type KeyboardEvent } from 'react'
import { Button, buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { useEditInPlace, useFocusWhenOpened } from '~/ui/edit-in-place'
import { CharCounter, ErrorList } from '~/ui/field'
import { Spinner } from '~/ui/spinner'
import { NAME_MAX, NAME_WARN_ABOVE, normalizeName, PIECES_RESOURCE, PieceFormSchema, type MenuPiece } from '../schema'
import { usePieceFetcher } from './use-piece-fetcher'
import { PieceFields, Section } from './section'

/** The Piece's name: Rename opens the field; Enter saves, Escape cancels (spec 1 §4). */
export function RenameSection({ piece }: { piece: MenuPiece }) {
  const { fieldShown, open, close } = useEditInPlace()

  useEffect(() => close(), [piece.name, close])

  return (
    <Section title="Name">
      {!fieldShown ? (
        <div className="flex items-center justify-between gap-2">
          <span className="truncate font-medium">{piece.name}</span>
          <Button variant="ghost" size="sm" onClick={open}>
            Rename
          </Button>
        </div>
      ) : (
        <RenameForm piece={piece} onCancel={close} />
      )}
    </Section>
  )
}

/**
 * One submission with or without JavaScript. A refusal (the name is taken, a generation
 * is running) shows under the field; success is the redirect to the new name's page.
 */
function RenameForm({ piece, onCancel }: { piece: MenuPiece; onCancel: () => void }) {
  const fetcher = usePieceFetcher('rename')
  const pending = fetcher.state !== 'idle'
  // Escape cancels unless the server has yet to answer; once it has (the page's data may still be reloading), it always does.
  const answered = fetcher.state !== 'submitting'
  // The field opens on Rename, so it takes the focus then (never on a page load).
  const input = useFocusWhenOpened<HTMLInputElement>()
  const [form, fields] = useForm({
    id: `piece-rename-${piece.id}`,
    lastResult: fetcher.lastResult,
    defaultValue: { name: piece.name },
    constraint: getZodConstraint(PieceFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PieceFormSchema }),
  })
  const formProps = getFormProps(form)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (normalizeName(String(new FormData(event.currentTarget).get('name') ?? '')) === piece.name) {
      event.preventDefault()
      return onCancel()
    }
    formProps.onSubmit(event)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    event.stopPropagation()
    if (answered) onCancel()
  }

  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} preventScrollReset {...formProps} onSubmit={onSubmit}>
      <PieceFields piece={piece} intent="rename" />
      <div className="flex items-start gap-2">
        <label className="sr-only" htmlFor={fields.name.id}>
          Piece name
        </label>
        <input
          ref={input}
          {...getInputProps(fields.name, { type: 'text' })}
          required={false}
          onKeyDown={onKeyDown}
          readOnly={pending}
          autoComplete="off"
          spellCheck={false}
          className="h-8 min-w-0 flex-1 rounded-md border border-zinc-300 bg-white px-2 outline-none focus:border-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950"
        />
        {/* Counted as typed: nothing to count without JavaScript. */}
        <CharCounter field={fields.name.id} initial={piece.name} trim max={NAME_MAX} warnAbove={NAME_WARN_ABOVE} className="no-js:hidden" />
        {pending ? <Spinner className="mt-2" label="Saving name" /> : null}
      </div>
      <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
      {/* The keys with JavaScript; without, a button to press. */}
      <p className="text-[11px] text-zinc-500 no-js:hidden">Enter to save, Esc to cancel</p>
      <button type="submit" className={cn(buttonClasses('secondary', 'sm'), 'mt-1 js:hidden')}>
        Save name
      </button>
    </fetcher.Form>
  )
}
