import { MODELS, type ModelId } from '../models'

/** Spec 2 §3 and §5: the model picker; PLUS models are marked for those without PLUS. */
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
  return (
    <select
      id="chat-model"
      value={model}
      onChange={(event) => onChoose(event.currentTarget.value as ModelId)}
      disabled={disabled}
      aria-busy={saving || undefined}
      className="h-7 max-w-[12rem] min-w-0 flex-1 truncate rounded-md border border-zinc-300 bg-transparent px-1 text-xs dark:border-zinc-700"
    >
      {MODELS.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
          {option.requiresSubscription && !subscribed ? ' (PLUS)' : ''}
        </option>
      ))}
    </select>
  )
}
