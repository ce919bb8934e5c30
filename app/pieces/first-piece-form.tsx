import { getFormProps, getInputProps } from '@conform-to/react'
import { Button } from '~/ui/button'
import { ErrorList } from '~/ui/field'
import { PIECES_RESOURCE } from './schema'
import { useCreatePieceForm } from './use-create-piece'

/** /pieces with no Pieces yet: name the first one, which then sends the prompt the user came with, if any. */
export function FirstPieceForm({ prompt }: { prompt: string | null }) {
  const { fetcher, form, fields, pending } = useCreatePieceForm('first-piece', { source: 'first-piece' })
  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} {...getFormProps(form)} className="mt-6 text-left">
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="returnTo" value={prompt ? `/pieces?${new URLSearchParams({ prompt })}` : '/pieces'} />
      {prompt ? <input type="hidden" name="prompt" value={prompt} /> : null}
      <div className="flex gap-2">
        <label htmlFor={fields.name.id} className="sr-only">
          Piece name
        </label>
        <input
          {...getInputProps(fields.name, { type: 'text' })}
          required={false}
          readOnly={pending}
          autoComplete="off"
          spellCheck={false}
          placeholder="my_first_piece"
          className="h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-white px-3 text-sm outline-none focus:border-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button type="submit" pending={pending}>
          Create Piece
        </Button>
      </div>
      <ErrorList id={fields.name.errorId} errors={fields.name.errors} />
    </fetcher.Form>
  )
}
