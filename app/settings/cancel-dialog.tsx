import { DismissButton } from '~/ui/dismiss'
import { getCollectionProps, getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { CANCEL_REASON_LABELS, CANCEL_REASONS, FEEDBACK_TEXT_MAX, type CancelReason } from '~/billing/schema'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { ErrorList } from '~/ui/field'
import { CancelFormSchema, SETTINGS_INTENTS } from './account-forms'
import type { SettingsFetcher } from './use-settings-fetcher'

const DEFAULT_REASON: CancelReason = 'other'

/**
 * The cancel dialog (spec 1 §2.5): an optional reason (`other` unless another is chosen)
 * and optional feedback, then the subscription ends at the end of the period. It cannot be
 * dismissed while the cancel runs; a refusal is the spec's toast and the dialog stays.
 */
export function CancelDialog({ fetcher, open, closeHref, onClose }: { fetcher: SettingsFetcher; open: boolean; closeHref: string; onClose: () => void }) {
  const busy = fetcher.state !== 'idle'
  const [form, fields] = useForm({
    id: 'cancel-subscription',
    lastResult: fetcher.lastResult,
    defaultValue: { feedbackCategory: DEFAULT_REASON },
    constraint: getZodConstraint(CancelFormSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CancelFormSchema }),
  })

  return (
    <Dialog
      open={open}
      busy={busy}
      onClose={onClose}
      closeHref={closeHref}
      title="Cancel Subscription"
      description="PLUS stays on until the end of the billing period, then your account moves to the free plan."
    >
      <fetcher.Form method="post" action="/settings" preventScrollReset {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={SETTINGS_INTENTS.cancel} />
        <fieldset className="space-y-1">
          <legend className="mb-2 text-sm font-medium">Why are you canceling? (optional)</legend>
          {getCollectionProps(fields.feedbackCategory, { type: 'radio', options: [...CANCEL_REASONS] }).map(({ key, ...radio }) => (
            <label
              key={key}
              htmlFor={radio.id}
              className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <input {...radio} className="size-4 accent-brand-600" />
              {CANCEL_REASON_LABELS[radio.value as CancelReason]}
            </label>
          ))}
        </fieldset>
        <div>
          <label htmlFor={fields.feedbackText.id} className="mb-1 block text-sm font-medium">
            Anything else you want to tell us? (optional)
          </label>
          <textarea
            {...getTextareaProps(fields.feedbackText)}
            maxLength={FEEDBACK_TEXT_MAX}
            rows={3}
            className="w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
          />
          <ErrorList id={fields.feedbackText.errorId} errors={fields.feedbackText.errors} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DismissButton to={closeHref} onDismiss={onClose} disabled={busy}>
            Keep Subscription
          </DismissButton>
          <Button type="submit" variant="destructive" pending={busy}>
            Confirm Cancellation
          </Button>
        </div>
      </fetcher.Form>
    </Dialog>
  )
}
