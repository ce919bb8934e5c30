import { useId, type FormEvent } from 'react'
import { setThemeOverride } from '~/shell/theme-override'
import { Switch } from '~/ui/switch'
import type { Preference } from './preferences'
import { useSettingsFetcher } from './use-settings-fetcher'

/**
 * One Preferences switch, one form post to the settings page with or without JavaScript.
 * With it the switch (and the theme) flips at once and rolls back with the spec's toast
 * when the save is refused.
 */
export function PreferenceToggle({ preference, value }: { preference: Preference; value: boolean }) {
  const labelId = useId()
  const descriptionId = useId()
  const isTheme = preference.field === 'darkMode'
  // On success the revalidated preference has the new theme; on failure the old one stays.
  const fetcher = useSettingsFetcher(`settings-${preference.intent}`, { onSettled: () => isTheme && setThemeOverride(null) })
  const submitted = fetcher.formData?.get('value')
  const shown = typeof submitted === 'string' ? submitted === 'true' : value

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (fetcher.state !== 'idle') return event.preventDefault()
    if (isTheme) setThemeOverride(shown ? 'light' : 'dark')
  }

  return (
    <fetcher.Form method="post" action="/settings" preventScrollReset onSubmit={onSubmit} className="flex items-center justify-between gap-4 py-2">
      <div>
        <p id={labelId} className="text-sm font-medium">
          {preference.label}
        </p>
        <p id={descriptionId} className="text-xs text-zinc-500">
          {preference.description}
        </p>
      </div>
      <input type="hidden" name="intent" value={preference.intent} />
      <input type="hidden" name="value" value={String(!shown)} />
      <Switch checked={shown} busy={fetcher.state !== 'idle'} aria-labelledby={labelId} aria-describedby={descriptionId} />
    </fetcher.Form>
  )
}
