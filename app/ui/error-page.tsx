import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react'

export const NOT_FOUND_TITLE = 'Page Not Found'

export function NotFound({ message = "Oops! The page you're looking for doesn't exist." }: { message?: string }) {
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 py-16 text-center">
      <div>
        <p className="text-sm font-semibold tracking-widest text-brand-500 uppercase">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{NOT_FOUND_TITLE}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{message}</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-600 underline underline-offset-4 dark:text-brand-400">
          Go home
        </Link>
      </div>
    </div>
  )
}

/** The one error screen every route's ErrorBoundary renders. */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    isRouteErrorResponse(error) && typeof error.data === 'string' && status < 500
      ? error.data
      : 'Something went wrong on our side. Please try again in a moment.'
  return (
    <div className="mx-auto grid min-h-[60vh] max-w-lg place-items-center px-6 py-16 text-center">
      <div>
        <p className="text-sm font-semibold tracking-widest text-red-500 uppercase">{status}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">{status === 429 ? 'Slow down a little' : 'Something went wrong'}</h1>
        <p className="mt-3 text-zinc-600 dark:text-zinc-400">{message}</p>
        <Link to="/" className="mt-6 inline-block text-sm font-medium text-brand-600 underline underline-offset-4 dark:text-brand-400">
          Go home
        </Link>
      </div>
    </div>
  )
}
