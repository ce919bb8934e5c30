import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { calendarDate } from '~/lib/dates'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { Card } from '~/settings/cards'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { formatTokens } from '~/usage/format'
import { USAGE_HISTORY_DAYS } from '~/usage/history'
import { usageHistory } from '~/usage/history.server'
import { UsageChart } from '~/usage/usage-chart'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return data({ history: await usageHistory(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** /settings/usage (issue 29.2): the last 30 days of tokens, per day and per Piece, from the settings page's usage card. */
export default function UsageHistoryRoute() {
  const { history } = useLoaderData<typeof loader>()
  const spent = history.days.filter((day) => day.total > 0)
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-5 sm:py-10">
      <h1 className="sr-only">Token usage</h1>
      <Link to="/settings" className="text-sm text-zinc-500 underline-offset-2 hover:underline">
        ← Settings
      </Link>
      <Card title={`Token usage, last ${USAGE_HISTORY_DAYS} days`}>
        {spent.length ? (
          <>
            <UsageChart history={history} />
            <details className="text-sm">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Each day in numbers</summary>
              <table className="mt-2 w-full text-left tabular-nums">
                <thead className="text-xs text-zinc-500">
                  <tr>
                    <th scope="col" className="font-normal">
                      Day
                    </th>
                    <th scope="col" className="text-right font-normal">
                      Tokens
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {spent.map((day) => (
                    <tr key={day.day}>
                      <td>{calendarDate(day.day)}</td>
                      <td className="text-right">{formatTokens(day.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        ) : (
          <p className="text-sm text-zinc-500">No tokens used in the last {USAGE_HISTORY_DAYS} days. Each build you send shows here, by day and by Piece.</p>
        )}
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Token usage') }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
