import { z } from 'zod'

/**
 * The two Preferences toggles of spec 1 §2.5: each is a spec §7 call for API clients and
 * a form intent of the settings page (a fetcher with JavaScript, a page post without).
 */
export const PREFERENCES = [
  {
    intent: 'token-usage',
    field: 'showTokenUsage',
    label: 'Show token usage',
    description:
      'Show how many tokens each message used: on its line in the chat, on its receipt and when a build is stopped. Off hides these counts (a receipt still opens to show its cost); today’s tokens stay beside Send.',
    failure: 'Failed to update token usage preference',
  },
  {
    intent: 'dark-mode',
    field: 'darkMode',
    label: 'Dark theme',
    description: 'Use the dark theme across the app.',
    failure: 'Failed to update theme preference',
  },
] as const

export type Preference = (typeof PREFERENCES)[number]
export type PreferenceField = Preference['field']

export const SETTINGS_FAILED = 'Failed to update settings'

export const preferenceByIntent = (intent: unknown) => PREFERENCES.find((preference) => preference.intent === intent)

/** A toggle's form: which preference, and 'true' / 'false' (anything else is refused). */
export const PreferenceFormSchema = z.object({
  intent: z.enum(PREFERENCES.map((preference) => preference.intent) as [Preference['intent'], ...Preference['intent'][]]),
  value: z.enum(['true', 'false']).transform((value) => value === 'true'),
})

export type PreferenceForm = z.infer<typeof PreferenceFormSchema>
