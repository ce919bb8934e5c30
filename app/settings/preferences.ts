/**
 * The two Preferences toggles of spec 1 §2.5: each is a spec §7 call for clients with
 * JavaScript and a plain form intent of the settings page without it.
 */
export const PREFERENCES = [
  {
    intent: 'token-usage',
    field: 'showTokenUsage',
    label: 'Show token usage',
    description: 'Show how many tokens each message used in the chat.',
    apiPath: '/api/private/users/token-usage',
    failure: 'Failed to update token usage preference',
  },
  {
    intent: 'dark-mode',
    field: 'darkMode',
    label: 'Dark theme',
    description: 'Use the dark theme across the app.',
    apiPath: '/api/private/users/dark-mode',
    failure: 'Failed to update theme preference',
  },
] as const

export type Preference = (typeof PREFERENCES)[number]
export type PreferenceField = Preference['field']

export const preferenceByIntent = (intent: unknown) => PREFERENCES.find((preference) => preference.intent === intent)

/** Form posts carry 'true' / 'false'; anything else is refused. */
export function parseToggleValue(value: FormDataEntryValue | null): boolean | null {
  if (value === 'true') return true
  if (value === 'false') return false
  return null
}
