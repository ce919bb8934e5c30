import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLocation } from '@remix-run/react'
import { redirectSignedIn } from '~/accounts/redirects.server'
import { loaderHeaders, publicPageHeaders } from '~/lib/cache'
import { describedPage, pageTitle, STATIC_PAGES, staticPageSlug } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'
import { keepDataWhenUnavailable } from '~/lib/revalidation'

/** One module for /about, /blog, /faq, /privacy, /terms and their /settings twins. */
export async function loader({ request }: LoaderFunctionArgs) {
  const inSettings = new URL(request.url).pathname.startsWith('/settings')
  const user = inSettings ? true : await redirectSignedIn(request)
  return data(null, { headers: publicPageHeaders(Boolean(user)) })
}

export const headers = loaderHeaders

export default function StaticPageRoute() {
  const { pathname } = useLocation()
  const inSettings = pathname.startsWith('/settings')
  const page = STATIC_PAGES[staticPageSlug(pathname)]
  if (!page) return null
  const { Component } = page
  return <Component inSettings={inSettings} contactHref={inSettings ? '/settings/contact' : '/contact'} />
}

export const meta: MetaFunction = ({ location }) => {
  const page = STATIC_PAGES[staticPageSlug(location.pathname)]
  return page ? describedPage(page.title, page.description) : [{ title: pageTitle('Page Not Found') }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}

/** A form refused for want of an answer (or of the database) keeps the page as it is: its data is not reloaded. */
export const shouldRevalidate = keepDataWhenUnavailable
