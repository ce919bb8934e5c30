import { Form, Link } from '@remix-run/react'
import { calendarDate } from '~/lib/dates'
import { buttonClasses } from '~/ui/button'
import { formatBytes } from './constants'
import { LIMIT_NAMES, DATA_PAGE_WORDS, type DataForm } from './schema'
import type { DataOverview, OwnedSpace, OwnerCollection } from './owner.server'

const when = (iso: string) => `${calendarDate(iso)}, ${new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })} UTC`

/** The two views of a Piece's data, as links (no JavaScript needed). */
export function SpaceTabs({ space, base }: { space: OwnedSpace; base: string }) {
  const tab = (value: OwnedSpace, label: string) => (
    <Link
      to={`${base}?space=${value}`}
      aria-current={space === value ? 'page' : undefined}
      className="rounded-md px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-zinc-900"
    >
      {label}
    </Link>
  )
  return (
    <nav aria-label="Which data" className="flex gap-1">
      {tab('live', DATA_PAGE_WORDS.live)}
      {tab('test', DATA_PAGE_WORDS.test)}
    </nav>
  )
}

/** How much of the Piece's room its data takes, and the last limit a visitor met. */
export function UsageSummary({ overview }: { overview: DataOverview }) {
  const share = overview.quotaBytes ? Math.min(overview.bytes / overview.quotaBytes, 1) : 0
  return (
    <div className="space-y-2" data-testid="data-usage">
      <p>
        Using {formatBytes(overview.bytes)} of {formatBytes(overview.quotaBytes)} · {overview.rows.toLocaleString('en-US')} of{' '}
        {overview.maxRecords.toLocaleString('en-US')} rows
      </p>
      <meter className="h-2 w-full" min={0} max={1} value={share} aria-label="Room used" />
      {overview.limitReached ? (
        <p role="status" className="rounded-lg bg-amber-500/15 px-3 py-2 text-amber-900 dark:text-amber-200">
          {DATA_PAGE_WORDS.limitReached(LIMIT_NAMES[overview.limitReached.limit], `on ${when(overview.limitReached.at)}`)}
        </p>
      ) : null}
      {overview.mine.values ? (
        <p className="text-zinc-600 dark:text-zinc-400">
          Visitors’ own values: {overview.mine.values.toLocaleString('en-US')} from {overview.mine.visitors.toLocaleString('en-US')}{' '}
          {overview.mine.visitors === 1 ? 'visitor' : 'visitors'} (each visitor’s own, not shown here).
        </p>
      ) : null}
    </div>
  )
}

function Hidden({ fields }: { fields: { intent: DataForm['intent']; space?: OwnedSpace; recordId?: number; collection?: string } }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}

/** One collection: its counters, its newest records with writer and time, and a way to clear it. */
export function CollectionSection({ collection, space }: { collection: OwnerCollection; space: OwnedSpace }) {
  const headingId = `collection-${collection.name.replace(/[^\w-]+/g, '-')}`
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {collection.name}
        </h2>
        <span className="text-sm text-zinc-500">
          {collection.count.toLocaleString('en-US')} {collection.count === 1 ? 'record' : 'records'}
        </span>
      </div>
      {collection.counters.length ? (
        <ul aria-label="Counters" className="flex flex-wrap gap-2 text-sm">
          {collection.counters.map((counter) => (
            <li key={counter.name} className="rounded-full bg-zinc-100 px-3 py-1 tabular-nums dark:bg-zinc-800">
              {counter.name}: {counter.value.toLocaleString('en-US')}
            </li>
          ))}
        </ul>
      ) : null}
      {collection.records.length ? (
        <ul aria-label={`Records of ${collection.name}`} className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
          {collection.records.map((record) => (
            <li key={record.id} className="flex flex-wrap items-start gap-x-4 gap-y-1 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-mono text-xs [overflow-wrap:anywhere]">{record.value}</p>
                <p className="text-xs text-zinc-500">
                  {record.writer} · {when(record.at)}
                </p>
              </div>
              <Form method="post">
                <Hidden fields={{ intent: 'delete-record', space, recordId: record.id }} />
                <button type="submit" className={buttonClasses('secondary', 'sm')} aria-label={`Delete the record by ${record.writer} from ${when(record.at)}`}>
                  Delete
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {collection.count > collection.records.length ? (
        <p className="text-xs text-zinc-500">The newest {collection.records.length} are shown; the export has them all.</p>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">Clear this collection…</summary>
        <Form method="post" className="mt-2 flex flex-wrap items-center gap-3">
          <Hidden fields={{ intent: 'clear-collection', space, collection: collection.name }} />
          <p>Every record and counter of “{collection.name}” goes, for everyone.</p>
          <button type="submit" className={buttonClasses('destructive', 'sm')}>
            Clear “{collection.name}”
          </button>
        </Form>
      </details>
    </section>
  )
}
