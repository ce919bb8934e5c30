import { useFetcher, useLocation } from '@remix-run/react'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import type { Invoice } from '~/billing/provider.server'
import { BILLING_MESSAGES, BILLING_TOASTS, INVOICE_FIRST_PAGE, INVOICE_NEXT_PAGE } from '~/billing/schema'
import { useFetcherSettled } from '~/lib/fetcher'
import { Button } from '~/ui/button'
import { PageToast } from '~/ui/form-toast'
import { useToast } from '~/ui/toaster'
import { INVOICE_PAGES_PARAM, INVOICES_RESOURCE, invoicePagesOf, type BillingHistory, type InvoicesReply } from './account-forms'
import { Badge, Section } from './cards'
import { invoiceRow, mergeInvoices } from './invoices'

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const row = invoiceRow(invoice)
  return (
    <li className="flex items-center justify-between gap-3 py-3" data-testid="invoice">
      <div className="min-w-0">
        <p className="truncate font-medium">{row.description}</p>
        <p className="text-xs text-zinc-500">{row.date}</p>
      </div>
      {/* On a narrow screen the amount sits above its badge, so every row keeps one shape. */}
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-3">
        <span className="tabular-nums">{row.amount}</span>
        <span className="flex items-center gap-2">
          <Badge tone={row.paid ? 'good' : 'warning'}>{row.paid ? 'Paid' : 'Pending'}</Badge>
          {row.pdf ? (
            <a href={row.pdf} target="_blank" rel="noreferrer" className="text-xs underline underline-offset-2">
              PDF<span className="sr-only"> of the invoice of {row.date}</span>
            </a>
          ) : null}
        </span>
      </div>
    </li>
  )
}

/**
 * Billing history (spec 1 §2.5, §7 call 15): the first invoices come with the page; 'Load
 * more' fetches the next 5 with JavaScript, and without it asks the page for one more page
 * (`?invoice-pages=n`). Pages are merged without duplicates. A history that could not be
 * read (the billing provider down) says so, with 'Try again', until it can be: it is never
 * shown as an empty one.
 */
/**
 * A button that reads the page again without JavaScript (a GET form to `action`, with its
 * `children` fields), and with it does `onPress` instead.
 */
function PageOrFetch({
  action,
  label,
  pending,
  onPress,
  className,
  children,
}: {
  action: string
  label: string
  pending: boolean
  onPress: () => void
  className?: string
  children?: ReactNode
}) {
  return (
    <form method="get" action={action} className={className}>
      {children}
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        pending={pending}
        onClick={(event) => {
          event.preventDefault()
          onPress()
        }}
      >
        {label}
      </Button>
    </form>
  )
}

export function BillingHistorySection({ history }: { history: BillingHistory }) {
  const location = useLocation()
  const toast = useToast()
  const fetcher = useFetcher<InvoicesReply>()
  const [loaded, setLoaded] = useState<{ invoices: Invoice[]; hasMore: boolean } | null>(null)
  const invoices = mergeInvoices(history.data, loaded?.invoices ?? [])
  const hasMore = loaded ? loaded.hasMore : history.has_more
  const loading = fetcher.state !== 'idle'
  // The page's first read failed and no retry has read it since.
  const unavailable = history.failed === 'history' && !loaded
  // What the fetcher is loading: the first page again (Try again) or the next one (Load more).
  const asked = useRef<'first' | 'more'>('more')

  useFetcherSettled(fetcher, (reply) => {
    if (reply?.ok) setLoaded({ invoices: mergeInvoices(invoices, reply.page.data), hasMore: reply.page.has_more })
    else {
      const title = asked.current === 'first' ? BILLING_TOASTS.historyFailed : BILLING_TOASTS.moreInvoicesFailed
      toast({ title, description: reply?.message, variant: 'destructive' })
    }
  })

  // A failure of the page's own load: the toast, in place without JavaScript.
  const failure = history.failed === 'history' ? BILLING_TOASTS.historyFailed : history.failed === 'more' ? BILLING_TOASTS.moreInvoicesFailed : null
  const failureToast = useMemo(() => (failure ? { title: failure, variant: 'destructive' as const } : null), [failure])

  const loadMore = () => {
    const last = invoices.at(-1)
    if (loading || !last) return
    asked.current = 'more'
    fetcher.load(`${INVOICES_RESOURCE}?${new URLSearchParams({ limit: String(INVOICE_NEXT_PAGE), starting_after: last.id })}`)
  }
  const tryAgain = () => {
    if (loading) return
    asked.current = 'first'
    fetcher.load(`${INVOICES_RESOURCE}?${new URLSearchParams({ limit: String(INVOICE_FIRST_PAGE) })}`)
  }

  return (
    <div id="billing-history">
      <Section title="Billing history" testId="billing-history">
        <PageToast toast={failureToast} />
        {unavailable ? (
          // Without JavaScript 'Try again' reads the page again; with it, the first invoices alone.
          <PageOrFetch
            action={`${location.pathname}#billing-history`}
            label="Try again"
            pending={loading}
            onPress={tryAgain}
            className="flex flex-wrap items-center justify-between gap-3"
          >
            <p className="text-zinc-500">{BILLING_MESSAGES.historyUnavailable}</p>
          </PageOrFetch>
        ) : invoices.length ? (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {invoices.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        ) : (
          <p className="text-zinc-500">No invoices yet.</p>
        )}
        {hasMore && !unavailable ? (
          // Without JavaScript: the same page with one more page of invoices, scrolled back here.
          <PageOrFetch action={`${location.pathname}#billing-history`} label="Load more" pending={loading} onPress={loadMore}>
            <input type="hidden" name={INVOICE_PAGES_PARAM} value={invoicePagesOf(new URLSearchParams(location.search)) + 1} />
          </PageOrFetch>
        ) : null}
      </Section>
    </div>
  )
}
