import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'

/**
 * The wrapper every static page shares: a title, an optional 'Last updated' line,
 * and, inside the signed-in shell, a breadcrumb back to Settings.
 */
export function StaticPage({
  title,
  lastUpdated,
  inSettings = false,
  children,
}: {
  title: string
  lastUpdated?: string
  inSettings?: boolean
  children: ReactNode
}) {
  return (
    <article className="prose-page mx-auto w-full max-w-3xl px-5 py-10 sm:px-8">
      {inSettings ? (
        <nav aria-label="Breadcrumb" className="mb-4 text-sm">
          <Link to="/settings" className="text-zinc-500 no-underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
            Settings
          </Link>
          <span aria-hidden="true" className="mx-2 text-zinc-400">
            /
          </span>
          <span className="text-zinc-700 dark:text-zinc-300">{title}</span>
        </nav>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {lastUpdated ? <p className="!mt-2 text-sm !text-zinc-500 dark:!text-zinc-400">Last updated {lastUpdated}</p> : null}
      <div className="mt-6">{children}</div>
    </article>
  )
}
