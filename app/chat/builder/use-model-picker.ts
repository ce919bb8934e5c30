import { useFetcher } from '@remix-run/react'
import { openPaymentDialog } from '~/lib/payment-dialog'
import { useFormReply } from '~/ui/use-form-reply'
import { MODELS, normalizeModel, type ModelId } from '~/lib/models'
import type { ChatFormReply } from '../schema'

/**
 * Spec 2 §7 call 6 as the page's form (intent `model`): the chosen model shows at once,
 * and the saved one comes back if the save is refused.
 */
export function useModelPicker({ model: saved, subscribed }: { model: ModelId; subscribed: boolean }) {
  const fetcher = useFetcher<ChatFormReply>()
  const choosing = fetcher.formData?.get('selectedModel')
  // A refused save is its toast; the saved model shows again.
  useFormReply(fetcher, { dialog: 'model-picker' })

  function choose(next: ModelId) {
    const option = MODELS.find((candidate) => candidate.id === next)
    if (option?.requiresSubscription && !subscribed) return openPaymentDialog('upgrade-to-plus', 'model-picker')
    fetcher.submit({ intent: 'model', selectedModel: next }, { method: 'post' })
  }

  return { Form: fetcher.Form, model: typeof choosing === 'string' ? normalizeModel(choosing) : saved, saving: fetcher.state !== 'idle', choose }
}
