import { setDarkMode, setShowTokenUsage } from '~/accounts/preferences.server'
import type { SessionUser } from '~/accounts/session.server'
import { getSubscriptionStatus, isSubscribedStatus } from '~/billing/subscription.server'
import { sql } from '~/lib/db.server'
import { getUsage } from '~/usage/usage.server'
import { parseToggleValue, preferenceByIntent } from './preferences'

/** Everything the settings screen shows, loaded together. */
export async function settingsData(user: SessionUser) {
  const [usage, subscription] = await Promise.all([getUsage(user.id), getSubscriptionStatus(sql, user.id)])
  return {
    usage,
    subscription: { ...subscription, subscribed: isSubscribedStatus(subscription.status) },
    preferences: { darkMode: user.darkMode, showTokenUsage: user.showTokenUsage },
  }
}

export type PreferenceResult = { ok: true } | { ok: false; message: string }

/** The JavaScript-off path of a Preferences toggle. */
export async function updatePreferenceFromForm(userId: number, form: FormData): Promise<PreferenceResult> {
  const preference = preferenceByIntent(form.get('intent'))
  if (!preference) return { ok: false, message: 'Failed to update settings' }
  const value = parseToggleValue(form.get('value'))
  if (value === null) return { ok: false, message: preference.failure }
  if (preference.field === 'darkMode') await setDarkMode(userId, value)
  else await setShowTokenUsage(userId, value)
  return { ok: true }
}
