import { Link, isRouteErrorResponse, useLocation, useRouteError } from '@remix-run/react'
import type { ReactNode } from 'react'
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_TITLE } from '~/lib/messages'

export const NOT_FOUND_TITLE = 'Page Not Found'

/** The layout every error screen shares: the status, a title, what happened and one way on. */
function ErrorScreen({
  status,
  statusClass,
  title,
  message,
  action,
}: {
  status: number
  statusClass: string
  title: string
  message: string
  action: ReactNode
}) {
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 py-16 text-center">
      <div>
        <p className={`text-sm font-semibold tracking-widest uppercase ${statusClass}`}>{status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{message}</p>
        {action}
      </div>
    </div>
  )
}

const ACTION_CLASS = 'mt-6 inline-block text-sm font-medium text-brand-600 underline underline-offset-4 dark:text-brand-400'

const GoHome = () => (
  <Link to="/" className={ACTION_CLASS}>
    Go home
  </Link>
)

export function NotFound({ message = "Oops! The page you're looking for doesn't exist." }: { message?: string }) {
  return <ErrorScreen status={404} statusClass="text-brand-500" title={NOT_FOUND_TITLE} message={message} action={<GoHome />} />
}

/** A loader or action that could not reach the database (server/remix.ts answers it 503). */
export const isUnavailable = (error: unknown) => isRouteErrorResponse(error) && error.status === 503

/**
 * What a page with JavaScript shows when the data of a link it followed could not be read
 * because the database is down: the words of the server's own 503 page, and a way to load
 * the same address again (a full load, so everything is read afresh).
 */
export function Unavailable() {
  const { pathname, search } = useLocation()
  return (
    <ErrorScreen
      status={503}
      statusClass="text-amber-700 dark:text-amber-400"
      title={DATABASE_UNAVAILABLE_TITLE}
      message={DATABASE_UNAVAILABLE_MESSAGE}
      action={
        <a href={`${pathname}${search}`} className={ACTION_CLASS}>
          Try again
        </a>
      }
    />
  )
}

/** The one error screen every route's ErrorBoundary renders. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  if (isUnavailable(error)) return <Unavailable />
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' && status < 500
      ? error.data
      : 'Something went wrong on our side. Please try again in a moment.'
  return (
    <ErrorScreen
      status={status}
      statusClass="text-red-500"
      title={status === 429 ? 'Slow down a little' : 'Something went wrong'}
      message={message}
      action={<GoHome />}
    />
  )
}
