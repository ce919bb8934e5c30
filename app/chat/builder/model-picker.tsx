import { MODELS, normalizeModel, type ModelId } from '~/lib/models'
import { WithJs } from '~/ui/with-js'

/** The model form's id: the picker sits in the prompt's row but belongs to its own form (intent `model`). */
export const MODEL_FORM_ID = 'chat-model-form'

/**
 * Spec 2 §3 and §5: the model picker; PLUS models are marked for those without PLUS. With
 * JavaScript a choice is saved at once (a PLUS one opens the payment dialog instead);
 * without it the choice is posted by Save model, and PLUS models cannot be chosen.
 */
export function ModelPicker({
  model,
  subscribed,
  saving,
  disabled,
  onChoose,
}: {
  model: ModelId
  subscribed: boolean
  /** A choice is being saved (a reload now could still read the old one). */
  saving: boolean
  disabled: boolean
  onChoose: (model: ModelId) => void
}) {
  // Without JavaScript a PLUS model cannot be chosen by those without PLUS; with it, choosing one opens the payment dialog.
  const options = (offWithoutPlus: boolean) =>
    MODELS.map((option) => (
      <option key={option.id} value={option.id} disabled={offWithoutPlus && option.requiresSubscription && !subscribed}>
        {option.name}
        {option.requiresSubscription && !subscribed ? ' (PLUS)' : ''}
      </option>
    ))
  return (
    <select
      id="chat-model"
      name="selectedModel"
      form={MODEL_FORM_ID}
      value={model}
      onChange={(event) => onChoose(normalizeModel(event.currentTarget.value))}
      disabled={disabled}
      aria-busy={saving || undefined}
      className="h-7 max-w-[12rem] min-w-0 flex-1 truncate rounded-md border border-zinc-300 bg-transparent px-1 text-xs dark:border-zinc-700"
    >
      <WithJs fallback={options(true)}>{options(false)}</WithJs>
    </select>
  )
}
