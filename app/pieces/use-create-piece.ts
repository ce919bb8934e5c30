import { useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useFetcher } from '@remix-run/react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { firstError } from '~/lib/fetcher'
import { useNamedFormFetcher } from './form-refusal'
import { PieceFormSchema, type PieceFormReply } from './schema'

/**
 * A New Piece form (intent `create`): checked as typed by the shared schema, then by the
 * server, whose refusal (the name is taken, the free limit is reached) shows under the
 * field; a refusal that needs PLUS also opens the upgrade dialog. Success is the
 * redirect to the new Piece's editor.
 */
export function useCreatePieceForm(id: string, { source, onCreated }: { source: string; onCreated?: () => void }) {
  const fetcher = useFetcher<PieceFormReply>()
  const [form, fields] = useForm({
    id,
    lastResult: fetcher.data?.result,
    constraint: getZodConstraint(PieceFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PieceFormSchema }),
  })
  useNamedFormFetcher(fetcher, 'create', (reply) => {
    if (reply?.requiresSubscription) openPaymentDialog('upgrade-to-plus', source)
    if (!firstError(reply?.result)) onCreated?.()
  })
  return { fetcher, form, fields, pending: fetcher.state !== 'idle' }
}
