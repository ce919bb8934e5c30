import { useFetcher } from '@remix-run/react'
import { useId, type FormEvent } from 'react'
import { firstError, useFetcherSettled } from '~/lib/fetcher'
import { setThemeOverride } from '~/shell/theme-override'
import { cn } from '~/ui/cn'
import { useToast } from '~/ui/toaster'
import type { Preference, PreferenceReply } from './preferences'

/**
 * One Preferences switch, one form post to the settings page with or without JavaScript.
 * With it the switch (and the theme) flips at once and rolls back with the spec's toast
 * when the save is refused.
 */
export function PreferenceToggle({ preference, value }: { preference: Preference; value: boolean }) {
  const labelId = useId()
  const toast = useToast()
  const fetcher = useFetcher<PreferenceReply>()
  const submitted = fetcher.formData?.get('value')
  const shown = typeof submitted === 'string' ? submitted === 'true' : value
  const isTheme = preference.field === 'darkMode'

  useFetcherSettled(fetcher, (reply) => {
    // On success the revalidated preference has the new theme; on failure the old one stays.
    if (isTheme) setThemeOverride(null)
    if (firstError(reply?.result)) toast({ title: preference.failure, variant: 'destructive' })
  })

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
        <p className="text-xs text-zinc-500">{preference.description}</p>
      </div>
      <input type="hidden" name="intent" value={preference.intent} />
      <input type="hidden" name="value" value={String(!shown)} />
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-labelledby={labelId}
        aria-busy={fetcher.state !== 'idle' || undefined}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400',
          shown ? 'bg-brand-600' : 'bg-zinc-300 dark:bg-zinc-700',
        )}
      >
        <span
          aria-hidden="true"
          className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', shown ? 'translate-x-5' : 'translate-x-0.5')}
        />
      </button>
    </fetcher.Form>
  )
}
