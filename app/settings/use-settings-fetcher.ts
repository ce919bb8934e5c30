import { useFetcher } from '@remix-run/react'
import type { FormReply } from '~/lib/form-reply'
import { useFormReply } from '~/ui/use-form-reply'

export type SettingsFetcher = ReturnType<typeof useSettingsFetcher>

/**
 * A fetcher for one form of the settings page, answered by the form kit: a refusal shows
 * the spec's destructive toast for that form (the action names it), with the server's
 * reason under it, and opens the upgrade dialog when it needs PLUS; success is the action's
 * redirect, which reloads the page's data (subscription and usage). The reload may remove
 * the form itself (the subscription ended meanwhile), so the fetcher belongs to a part of
 * the page that stays. `onSettled` runs once the answer is in, done or refused.
 */
export function useSettingsFetcher(dialog: string, { onSettled }: { onSettled?: () => void } = {}) {
  const fetcher = useFetcher<FormReply>()
  const { lastResult } = useFormReply(fetcher, { dialog, onDone: onSettled, onRefused: onSettled })
  return { ...fetcher, lastResult }
}
