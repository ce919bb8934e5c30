import { useState } from 'react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { useToast } from '~/ui/toaster'
import { ChatToasts } from '../messages'
import { MODELS, type ModelId } from '../models'

/** Spec 2 §7 call 6: the chosen model is saved at once, and rolled back if the save fails. */
export function useModelPicker({ model: saved, subscribed }: { model: ModelId; subscribed: boolean }) {
  const toast = useToast()
  const [model, setModel] = useState<ModelId>(saved)

  async function choose(next: ModelId) {
    const option = MODELS.find((candidate) => candidate.id === next)
    if (option?.requiresSubscription && !subscribed) {
      openPaymentDialog('upgrade-to-plus', 'model-picker')
      return
    }
    const previous = model
    setModel(next)
    try {
      const response = await fetch('/api/private/users/model', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ selectedModel: next }),
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
    } catch {
      setModel(previous)
      toast({ title: ChatToasts.settingsFailed, variant: 'destructive' })
    }
  }

  return { model, choose }
}
