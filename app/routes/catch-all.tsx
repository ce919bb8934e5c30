import { notFound } from '~/lib/http'
import { NotFound } from '~/ui/error-page'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

/**
 * A path of several segments that no route knows, inside the signed-in frame: its layout
 * sends visitors to sign in (it may be a signed-in page), and users see 'Page Not Found'
 * under the top bar titled so.
 */
export function loader(): never {
  throw notFound()
}

export const action = loader

export default function CatchAll() {
  return null
}

export function ErrorBoundary() {
  return <NotFound />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
