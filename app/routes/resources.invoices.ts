import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser } from '~/accounts/guards.server'
import { listInvoices } from '~/billing/manage.server'
import { InvoiceQuery } from '~/billing/schema'
import { STATUS_OF } from '~/lib/api.server'
import { isDomainError } from '~/lib/errors'
import { isDocumentSubmission } from '~/lib/submission.server'
import type { InvoicesReply } from '~/settings/account-forms'
import { unexpectedFailure } from '~/lib/failure.server'
import { answerWhenUnreachable } from '~/lib/unreachable'

const refused = (message: string, status: number) => data<InvoicesReply>({ ok: false, message }, { status })

/**
 * 'Load more' of the settings billing history with JavaScript: the next invoices after
 * `starting_after`, through the same feature function as call 15. A refusal is an answer
 * (the page shows its toast), never the page's error boundary.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  if (isDocumentSubmission(request)) throw redirect('/settings')
  const user = await requireSubmittingUser(request)
  if (!user) return refused(AUTH_REQUIRED_MESSAGE, 401)
  const query = InvoiceQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!query.success) return refused(query.error.issues[0]?.message ?? 'Invalid request', 400)
  try {
    const page = await listInvoices(user.id, { limit: query.data.limit, startingAfter: query.data.starting_after })
    return data<InvoicesReply>({ ok: true, page }, { headers: { 'Cache-Control': 'private, no-store' } })
  } catch (error) {
    if (isDomainError(error)) return refused(error.message, STATUS_OF[error.kind])
    const failure = unexpectedFailure('settings', 'loading invoices failed', error)
    return refused(failure.message, failure.status)
  }
}

/** With JavaScript, a load that never reaches the server is the section's failure toast, and the page stays. */
export const clientLoader = answerWhenUnreachable<InvoicesReply>((message) => ({ ok: false, message }))
