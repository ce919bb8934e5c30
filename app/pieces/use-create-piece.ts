import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { usePieceFetcher } from './menu/use-piece-fetcher'
import { PieceFormSchema } from './schema'

/**
 * A New Piece form (intent `create`): checked as typed by the shared schema, then by the
 * server, whose refusal (the name is taken, the free limit is reached) shows under the
 * field; a refusal that needs PLUS also opens the upgrade dialog. Success is the
 * redirect to the new Piece's editor.
 */
export function useCreatePieceForm(id: string, { source, onCreated }: { source: string; onCreated?: () => void }) {
  const fetcher = usePieceFetcher('create', { dialog: source, onSettled: (refused) => !refused && onCreated?.() })
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.lastResult,
    constraint: getZodConstraint(PieceFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PieceFormSchema }),
  })
  return { fetcher, form, fields, pending: fetcher.state !== 'idle' }
}
