import { buttonClasses } from '~/ui/button'
import { cn } from '~/ui/cn'
import { comparePath, creditText, downloadPath, ownerText, remixCountText, RemixMessages, remixPath, type Credit } from './remixes'

/**
 * Issue 32.1: Remix is a plain form post, so it works the same with and without
 * JavaScript and on pages that load no React; `returnTo` is where a refusal comes back.
 */
export function RemixButton({ name, returnTo, className, size = 'sm' }: { name: string; returnTo: string; className?: string; size?: 'sm' | 'md' }) {
  return (
    <form method="post" action={remixPath(name)} className={className}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className={buttonClasses('primary', size)} aria-label={`Remix ${name}`} title={`${RemixMessages.dataStartsEmpty}.`}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 3v12M18 9a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 21a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM18 9a9 9 0 0 1-9 9" />
        </svg>
        Remix
      </button>
    </form>
  )
}

/** Issue 32.2: "Remixed from @owner/name", linked while the original is public, and saying so once it is not. */
export function RemixCredit({ credit, className }: { credit: Credit; className?: string }) {
  const label = creditText(credit)
  return (
    <p className={cn('min-w-0 truncate', className)} data-testid="remix-credit">
      {credit.href ? (
        <a href={credit.href} className="underline-offset-2 hover:underline">
          {label}
        </a>
      ) : (
        <>
          {label} <span className="text-zinc-500">({RemixMessages.noLongerPublic})</span>
        </>
      )}
    </p>
  )
}

export type RemixesPanel = {
  owner: string
  credit: Credit | null
  count: number
  list: { name: string; owner: string }[]
  canRemix: boolean
  canDownload: boolean
}

/**
 * The strip under a Piece's public page (issue 32): who made it (issue 37.12), where it came from and what changed,
 * how many people remixed it with the list of public remixes (a native disclosure, so it
 * opens without JavaScript), Download and Remix.
 */
export function RemixBar({ name, panel }: { name: string; panel: RemixesPanel }) {
  const { owner, credit, count, list, canRemix, canDownload } = panel
  const link = 'rounded-md px-2 py-1 font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800'
  return (
    <div
      className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b border-zinc-200 px-4 py-1.5 text-sm dark:border-zinc-800"
      data-testid="remix-bar"
    >
      {owner ? (
        <p className="shrink-0 font-medium text-zinc-700 dark:text-zinc-300" data-testid="piece-owner">
          {ownerText(owner)}
        </p>
      ) : null}
      {credit ? (
        <>
          <RemixCredit credit={credit} className="text-zinc-600 dark:text-zinc-400" />
          <a href={comparePath(name)} className={link}>
            Compare with the original
          </a>
        </>
      ) : null}
      <span className="flex-1" />
      {count || list.length ? (
        <details className="relative" data-testid="remixes">
          <summary className={cn(link, 'cursor-pointer list-none')}>
            {/* No one but its owner has remixed it: the list names the owner’s remixes, with no count of people to show. */}
            <span data-testid="remix-count">{count ? remixCountText(count) : 'Remixes'}</span>
          </summary>
          <div className="absolute right-0 z-30 mt-1 w-64 rounded-xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900">
            <h2 className="px-2 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-zinc-500 uppercase">Remixes</h2>
            {list.length ? (
              <ul className="max-h-64 overflow-y-auto">
                {list.map((remix) => (
                  <li key={remix.name}>
                    <a href={`/${remix.name}`} className="block truncate rounded-md px-2 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
                      @{remix.owner}/{remix.name}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-2 py-1.5 text-zinc-500">No public remixes yet.</p>
            )}
          </div>
        </details>
      ) : null}
      {canDownload ? (
        <a href={downloadPath(name)} download={`${name}.html`} className={link}>
          Download
        </a>
      ) : null}
      {canRemix ? (
        <>
          <span className="text-xs text-zinc-500 max-sm:hidden">{RemixMessages.dataStartsEmpty}</span>
          <RemixButton name={name} returnTo={`/${name}`} />
        </>
      ) : null}
    </div>
  )
}
