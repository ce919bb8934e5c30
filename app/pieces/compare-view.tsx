import { calendarDate } from '~/lib/dates'
import { cn } from '~/ui/cn'
import type { Comparison as Changes, CompareRow } from './compare.server'
import { RemixCredit } from './remix-bar'
import { codeSizeText, downloadPath, RemixMessages, type Credit } from './remixes'

type Comparison = { piece: { name: string }; credit: Credit; copiedAt: string; changes: Changes }

const ROW_STYLE = {
  same: '',
  added: 'bg-emerald-50 text-emerald-950 dark:bg-emerald-950/60 dark:text-emerald-100',
  removed: 'bg-red-50 text-red-950 dark:bg-red-950/60 dark:text-red-100',
} as const
const SIGN = { same: ' ', added: '+', removed: '−' } as const
const SAID = { same: '', added: 'Added', removed: 'Removed' } as const

/** Issue 32.5: a remix's code against the version it copied, line by line, unchanged runs folded. */
export function CompareView({ comparison, inApp, canDownload }: { comparison: Comparison; inApp: boolean; canDownload: boolean }) {
  const { piece, credit, copiedAt, changes } = comparison
  return (
    <div className={cn('mx-auto max-w-5xl px-4 pb-10 sm:px-6', inApp ? 'pt-8' : 'pt-20')}>
      <a href={`/${piece.name}`} className="text-sm text-zinc-500 underline-offset-2 hover:underline">
        ← {piece.name}
      </a>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Compare with the original</h1>
      <div className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        <RemixCredit credit={credit} />
        {changes.tooMany ? (
          <p>Copied on {calendarDate(copiedAt)}.</p>
        ) : (
          <Counts name={piece.name} added={changes.added} removed={changes.removed} copiedAt={copiedAt} />
        )}
      </div>
      {changes.tooMany ? (
        <TooMany name={piece.name} changes={changes} canDownload={canDownload} />
      ) : (
        <Rows name={piece.name} rows={changes.rows} changed={changes.added + changes.removed} />
      )}
    </div>
  )
}

function Counts({ name, added, removed, copiedAt }: { name: string; added: number; removed: number; copiedAt: string }) {
  return (
    <p>
      Copied on {calendarDate(copiedAt)}. {name} now has{' '}
      <span className="font-medium text-emerald-700 dark:text-emerald-400" data-testid="lines-added">
        {added} {added === 1 ? 'line' : 'lines'} added
      </span>{' '}
      and{' '}
      <span className="font-medium text-red-700 dark:text-red-400" data-testid="lines-removed">
        {removed} {removed === 1 ? 'line' : 'lines'} removed
      </span>
      .
    </p>
  )
}

/** Issue 37.1: past the bound of a compare, the two sizes, and where to get the code as it is now. */
function TooMany({ name, changes, canDownload }: { name: string; changes: Extract<Changes, { tooMany: true }>; canDownload: boolean }) {
  return (
    <div className="mt-6 rounded-xl border border-dashed border-zinc-300 p-6 text-sm dark:border-zinc-700" data-testid="too-many-changes">
      <h2 className="text-base font-semibold">{RemixMessages.tooManyChanges}</h2>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{name} has changed too much since it was copied to show the changes line by line.</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-zinc-500">The version copied</dt>
        <dd>{codeSizeText(changes.before)}</dd>
        <dt className="text-zinc-500">{name} now</dt>
        <dd>{codeSizeText(changes.after)}</dd>
      </dl>
      {canDownload ? (
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">
          <a href={downloadPath(name)} download={`${name}.html`} className="font-medium text-zinc-900 underline underline-offset-2 dark:text-zinc-100">
            Download {name}
          </a>{' '}
          to compare it in an editor of your own.
        </p>
      ) : null}
    </div>
  )
}

function Rows({ name, rows, changed }: { name: string; rows: CompareRow[]; changed: number }) {
  return (
    <>
      {changed === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-zinc-300 p-6 text-center text-zinc-500 dark:border-zinc-700">
          No changes yet: {name} is the same as the version it copied.
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <table className="w-full border-collapse font-mono text-xs leading-5" data-testid="comparison">
            <caption className="sr-only">Changes from the copied version to the current code</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Line in the original</th>
                <th scope="col">Line now</th>
                <th scope="col">Code</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) =>
                row.kind === 'skipped' ? (
                  <tr key={index} className="bg-zinc-50 text-zinc-500 dark:bg-zinc-900">
                    <td colSpan={3} className="px-3 py-1 font-sans">
                      {row.count} unchanged {row.count === 1 ? 'line' : 'lines'}
                    </td>
                  </tr>
                ) : (
                  <tr key={index} className={ROW_STYLE[row.kind]} data-change={row.kind}>
                    <td className="w-10 px-2 text-right text-zinc-400 select-none">{row.before ?? ''}</td>
                    <td className="w-10 px-2 text-right text-zinc-400 select-none">{row.after ?? ''}</td>
                    <td className="px-2 whitespace-pre">
                      <span aria-hidden="true" className="select-none">
                        {SIGN[row.kind]}{' '}
                      </span>
                      {SAID[row.kind] ? <span className="sr-only">{SAID[row.kind]}: </span> : null}
                      {row.text}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
