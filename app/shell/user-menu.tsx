import { Link, useFetcher } from '@remix-run/react'
import { useRef } from 'react'
import type { FormReply } from '~/lib/form-reply'
import { useFormReply } from '~/ui/use-form-reply'
import { UpgradeLink } from '~/billing/payment-dialog'
import { billedAmount } from '~/usage/format'
import { useLiveUsage } from '~/usage/live-usage'
import { UsageBar } from '~/usage/usage-bar'
import { useDisclosure } from '~/ui/disclosure'
import { useTypeahead } from '~/ui/typeahead'
import type { ShellUser } from './schema'

/** The avatar's menu: who is signed in, the upgrade link, today's usage, Settings and Log Out. */
export function UserMenu({ user }: { user: ShellUser }) {
  // A fetcher: success is the redirect to sign in; a Log Out that got no answer is a toast, and the page stays.
  const logout = useFetcher<FormReply>({ key: 'logout' })
  const loggingOut = logout.state !== 'idle'
  useFormReply(logout, { dialog: false })
  const name = user.username ?? user.email
  const usage = useLiveUsage(user.usage)
  const onKeyDown = useTypeahead<HTMLDivElement>()
  const disclosure = useDisclosure(useRef<HTMLDetailsElement>(null))
  const itemClass = 'block w-full rounded-md px-2 py-2 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800'
  return (
    <details className="relative" {...disclosure.details}>
      <summary
        {...disclosure.summary}
        className="grid size-9 cursor-pointer list-none place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white uppercase [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">{name.charAt(0)}</span>
        <span className="sr-only">Open user menu</span>
      </summary>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- typeahead: keys bubble up from the focused item */}
      <div
        onKeyDown={onKeyDown}
        className="absolute right-0 z-50 mt-2 w-72 space-y-1 rounded-xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
      >
        <div className="px-2 pt-1 pb-2">
          <p className="text-xs text-zinc-500">Logged in as</p>
          <p className="truncate text-sm font-medium">{name}</p>
          {user.isAdmin ? (
            <span className="mt-1 inline-block rounded-full bg-amber-500/15 px-2 py-0.5 text-xs font-semibold text-amber-600 dark:text-amber-400">
              Administrator
            </span>
          ) : null}
        </div>
        {user.subscribed ? null : (
          <UpgradeLink source="user-menu" className="block rounded-md bg-brand-600 px-2 py-2 text-center text-sm font-medium text-white hover:bg-brand-500" />
        )}
        <div className="px-2 py-2">
          <UsageBar count={usage.dailyTokenCount} limit={usage.tokenLimit} />
          {usage.usageBasedPricing ? (
            <p className="mt-2 flex justify-between text-xs">
              <span className="text-zinc-500">Usage Cost</span>
              <span className="tabular-nums">${billedAmount(usage.billableTokenCount, usage.tokenPricePerMillion)}</span>
            </p>
          ) : null}
        </div>
        <Link to="/settings" className={itemClass}>
          Settings
        </Link>
        <logout.Form method="post" action="/logout">
          <button type="submit" disabled={loggingOut} className={itemClass}>
            {loggingOut ? 'Logging out...' : 'Log Out'}
          </button>
        </logout.Form>
      </div>
    </details>
  )
}
