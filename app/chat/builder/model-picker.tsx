import { MODELS, type ModelId } from '~/lib/models'

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
  hydrated,
  saving,
  disabled,
  onChoose,
}: {
  model: ModelId
  subscribed: boolean
  hydrated: boolean
  /** A choice is being saved (a reload now could still read the old one). */
  saving: boolean
  disabled: boolean
  onChoose: (model: ModelId) => void
}) {
  return (
    <select
      id="chat-model"
      name="selectedModel"
      form={MODEL_FORM_ID}
      value={model}
      onChange={(event) => onChoose(event.currentTarget.value as ModelId)}
      disabled={disabled}
      aria-busy={saving || undefined}
      className="h-7 max-w-[12rem] min-w-0 flex-1 truncate rounded-md border border-zinc-300 bg-transparent px-1 text-xs dark:border-zinc-700"
    >
      {MODELS.map((option) => (
        <option key={option.id} value={option.id} disabled={!hydrated && option.requiresSubscription && !subscribed}>
          {option.name}
          {option.requiresSubscription && !subscribed ? ' (PLUS)' : ''}
        </option>
      ))}
    </select>
  )
}
