import { setDarkMode, setShowTokenUsage } from '~/accounts/preferences.server'
import type { SessionUser } from '~/accounts/session.server'
import { getSubscriptionStatus, isSubscribedStatus } from '~/billing/subscription.server'
import { sql } from '~/lib/db.server'
import { getUsage } from '~/usage/usage.server'
import { preferenceByIntent, type PreferenceForm } from './preferences'

/** Everything the settings screen shows, loaded together. */
export async function settingsData(user: SessionUser) {
  const [usage, subscription] = await Promise.all([getUsage(user.id), getSubscriptionStatus(sql, user.id)])
  return {
    usage,
    subscription: { ...subscription, subscribed: isSubscribedStatus(subscription.status) },
    preferences: { darkMode: user.darkMode, showTokenUsage: user.showTokenUsage },
  }
}

/** A Preferences toggle, as its form sends it. */
export async function updatePreference(userId: number, { intent, value }: PreferenceForm): Promise<void> {
  if (preferenceByIntent(intent)?.field === 'darkMode') await setDarkMode(userId, value)
  else await setShowTokenUsage(userId, value)
}
