/** Spec 2 §3: the model options. Server-side names come from configuration. */
export const MODELS = [
  { id: 'gpt-5', name: 'Premium results', description: 'The most capable model, for the best results.', requiresSubscription: true },
  { id: 'gpt-4.1', name: 'Good results', description: 'Strong results at a good speed.', requiresSubscription: true },
  { id: 'gpt-4.1-mini', name: 'Basic results', description: 'Fast and free for everyone.', requiresSubscription: false },
] as const

export type ModelId = (typeof MODELS)[number]['id']
export const DEFAULT_MODEL: ModelId = 'gpt-4.1-mini'

/** A stored or submitted model that is not a known id falls back to the default. */
export function normalizeModel(id: unknown): ModelId {
  return MODELS.find((model) => model.id === id)?.id ?? DEFAULT_MODEL
}

export const modelRequiresSubscription = (id: ModelId) => MODELS.some((model) => model.id === id && model.requiresSubscription)
