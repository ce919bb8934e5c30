import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type KeyboardEvent } from 'react'
import { Button, buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { useEditInPlace, useFocusWhenOpened } from '~/ui/edit-in-place'
import { CharCounter, ErrorList } from '~/ui/field'
import { Spinner } from '~/ui/spinner'
import { DESCRIPTION_MAX, DESCRIPTION_WARN_ABOVE, PIECES_RESOURCE, PieceFormSchema, type MenuPiece } from '../schema'
import { PieceFields, Section } from './section'
import { usePieceFetcher } from './use-piece-fetcher'

/** The Piece's description: Ctrl+Enter saves, Escape cancels (spec 1 §4). */
export function DescriptionSection({ piece }: { piece: MenuPiece }) {
  const { fieldShown, open, close } = useEditInPlace()

  return (
    <Section title="Description">
      {!fieldShown ? (
        <>
          <p className="line-clamp-4 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description || 'No description yet.'}</p>
          <Button variant="ghost" size="sm" className="mt-1 -ml-3" onClick={open}>
            {piece.description ? 'Edit description' : 'Add description'}
          </Button>
        </>
      ) : (
        <DescriptionForm piece={piece} onClose={close} />
      )}
    </Section>
  )
}

/** A description that is too long shows under the field; any other refusal is the spec's toast. */
function DescriptionForm({ piece, onClose }: { piece: MenuPiece; onClose: () => void }) {
  const fetcher = usePieceFetcher('describe', { onSettled: (refused) => !refused && onClose() })
  const pending = fetcher.state !== 'idle'
  // Escape cancels unless the server has yet to answer; once it has (the page's data may still be reloading), it always does.
  const answered = fetcher.state !== 'submitting'
  // The field opens on Add/Edit description, so it takes the focus then (never on a page load).
  const field = useFocusWhenOpened<HTMLTextAreaElement>()
  const [form, fields] = useForm({
    id: `piece-description-${piece.id}`,
    lastResult: fetcher.lastResult,
    defaultValue: { description: piece.description },
    constraint: getZodConstraint(PieceFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PieceFormSchema }),
  })

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      if (!pending) event.currentTarget.form?.requestSubmit()
    }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      if (answered) onClose()
    }
  }

  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} preventScrollReset {...getFormProps(form)}>
      <PieceFields piece={piece} intent="describe" />
      <label className="sr-only" htmlFor={fields.description.id}>
        Piece description
      </label>
      <textarea
        ref={field}
        {...getTextareaProps(fields.description)}
        required={false}
        rows={4}
        onKeyDown={onKeyDown}
        readOnly={pending}
        className="w-full resize-y rounded-md border border-zinc-300 bg-white p-2 outline-none focus:border-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex items-center justify-between gap-2">
        {/* The keys with JavaScript; without, a button to press. */}
        <p className="text-[11px] text-zinc-500 no-js:hidden">Ctrl+Enter to save, Esc to cancel</p>
        <button type="submit" className={cn(buttonClasses('secondary', 'sm'), 'js:hidden')}>
          Save description
        </button>
        {pending ? <Spinner label="Saving description" /> : null}
        <CharCounter
          field={fields.description.id}
          initial={piece.description}
          trim
          max={DESCRIPTION_MAX}
          warnAbove={DESCRIPTION_WARN_ABOVE}
          className="no-js:hidden"
        />
      </div>
      <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
    </fetcher.Form>
  )
}
