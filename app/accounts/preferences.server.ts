import { isPlus } from './plan.server'
import { modelRequiresSubscription, normalizeModel, type ModelId } from '~/lib/models'
import { DomainError } from '~/lib/errors'
import { sql } from '~/lib/db.server'
import type { AccountUser } from './users.server'

export const SUBSCRIPTION_REQUIRED_MESSAGE = 'This requires a PLUS subscription'

export function preferencesOf(user: AccountUser) {
  return {
    id: user.uid,
    username: user.username,
    isAdmin: user.isAdmin,
    showTokenUsage: user.showTokenUsage,
    darkMode: user.darkMode,
    selectedModel: normalizeModel(user.selectedModel),
  }
}

export async function setDarkMode(userId: number, darkMode: boolean) {
  await sql`update users set dark_mode = ${darkMode}, updated_at = now() where id = ${userId}`
}

export async function setShowTokenUsage(userId: number, showTokenUsage: boolean) {
  await sql`update users set show_token_usage = ${showTokenUsage}, updated_at = now() where id = ${userId}`
}

/** Unknown ids fall back to the default model; PLUS-only models need a subscription. */
export async function setSelectedModel(userId: number, requested: unknown): Promise<ModelId> {
  const model = normalizeModel(requested)
  if (modelRequiresSubscription(model) && !(await isPlus(sql, userId))) {
    throw new DomainError('forbidden', SUBSCRIPTION_REQUIRED_MESSAGE, { requiresSubscription: true })
  }
  await sql`update users set selected_model = ${model}, updated_at = now() where id = ${userId}`
  return model
}
