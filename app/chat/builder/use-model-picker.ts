import { useFetcher } from '@remix-run/react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { useFetcherSettled } from '~/lib/fetcher'
import { useToast } from '~/ui/toaster'
import { ChatToasts } from '../messages'
import { MODELS, normalizeModel, type ModelId } from '~/lib/models'
import type { ChatFormReply } from '../schema'

/**
 * Spec 2 §7 call 6 as the page's form (intent `model`): the chosen model shows at once,
 * and the saved one comes back if the save is refused.
 */
export function useModelPicker({ model: saved, subscribed }: { model: ModelId; subscribed: boolean }) {
  const fetcher = useFetcher<ChatFormReply>()
  const toast = useToast()
  const choosing = fetcher.formData?.get('selectedModel')
  useFetcherSettled(fetcher, (reply) => {
    if (!reply?.ok) toast({ title: ChatToasts.settingsFailed, variant: 'destructive' })
  })

  function choose(next: ModelId) {
    const option = MODELS.find((candidate) => candidate.id === next)
    if (option?.requiresSubscription && !subscribed) return openPaymentDialog('upgrade-to-plus', 'model-picker')
    fetcher.submit({ intent: 'model', selectedModel: next }, { method: 'post' })
  }

  return { Form: fetcher.Form, model: typeof choosing === 'string' ? normalizeModel(choosing) : saved, saving: fetcher.state !== 'idle', choose }
}
