import { useFetcher, type FetcherWithComponents } from '@remix-run/react'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { firstError, useFetcherSettled } from '~/lib/fetcher'
import { useToast } from '~/ui/toaster'
import type { SettingsFormReply } from './account-forms'

export type SettingsFetcher = FetcherWithComponents<SettingsFormReply>

/**
 * A fetcher for one form of the Account card. A refusal shows the spec's destructive toast
 * for that form (the action names it), with the server's reason under it, and opens the
 * upgrade dialog when it needs PLUS; success is the action's redirect, which reloads the
 * page's data (subscription and usage). The reload may remove the form itself (the
 * subscription ended meanwhile), so the fetcher belongs to a part of the page that stays.
 */
export function useSettingsFetcher(source: string): SettingsFetcher {
  const fetcher = useFetcher<SettingsFormReply>()
  const toast = useToast()
  useFetcherSettled(fetcher, (reply) => {
    if (!reply || reply.result.status !== 'error') return
    if (reply.requiresSubscription) openPaymentDialog('upgrade-to-plus', source)
    toast({ title: reply.failure, description: firstError(reply.result) ?? undefined, variant: 'destructive' })
  })
  return fetcher
}
