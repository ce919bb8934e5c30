import { Form, useRevalidator } from '@remix-run/react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { setThemeOverride } from '~/shell/theme-override'
import { cn } from '~/ui/cn'
import { useToast } from '~/ui/toaster'
import type { Preference } from './preferences'

type Pending = { value: boolean; confirmed: boolean }

/**
 * One Preferences switch. With JavaScript it flips at once, saves through the spec's
 * API call and rolls back with the spec's toast when that fails; without JavaScript it
 * is a plain form post to the settings page.
 */
export function PreferenceToggle({ preference, value }: { preference: Preference; value: boolean }) {
  const labelId = useId()
  const toast = useToast()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState<Pending | null>(null)
  const shown = pending?.value ?? value
  const isTheme = preference.field === 'darkMode'

  useEffect(() => {
    if (pending?.confirmed && value === pending.value) {
      setPending(null)
      if (isTheme) setThemeOverride(null)
    }
  }, [pending, value, isTheme])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const next = !shown
    setPending({ value: next, confirmed: false })
    if (isTheme) setThemeOverride(next ? 'dark' : 'light')
    try {
      const response = await fetch(preference.apiPath, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ [preference.field]: next }),
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
      setPending({ value: next, confirmed: true })
      revalidator.revalidate()
    } catch {
      setPending(null)
      if (isTheme) setThemeOverride(null)
      toast({ title: preference.failure, variant: 'destructive' })
    }
  }

  return (
    <Form method="post" onSubmit={onSubmit} className="flex items-center justify-between gap-4 py-2">
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
        aria-busy={pending ? true : undefined}
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
    </Form>
  )
}
