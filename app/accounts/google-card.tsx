import { DismissButton } from '~/ui/dismiss'
import { Form, Link, useFetcher, useLocation, useNavigate, type FetcherWithComponents } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { FormReply } from '~/lib/form-reply'
import { useFormReply } from '~/ui/use-form-reply'
import { Button } from '~/ui/button'
import { Dialog, DialogOpenButton } from '~/ui/dialog'
import { GoogleMessages, LINK_FAILED_PARAM, LINK_FAILED_VALUE } from './google-messages'
import type { GoogleLinkState } from './google.server'

/** Without JavaScript the unlink dialog is `?unlink=google` on the settings page, rendered by the server. */
export const UNLINK_PARAM = 'unlink'
const UNLINK_VALUE = 'google'
const LINK_ACTION = '/auth/google/link'
const UNLINK_ACTION = '/auth/google/unlink'

function withoutParam(location: { pathname: string; search: string }, name: string) {
  const params = new URLSearchParams(location.search)
  params.delete(name)
  return `${location.pathname}${params.size ? `?${params}` : ''}`
}

/**
 * Google linking in the settings Account card (spec 1 §2.5): the linked email, 'Link
 * Google', and 'Unlink Google' with its confirm dialog, disabled when Google is the only
 * sign-in method. Every control is a form, so all of it works with JavaScript off.
 */
export function GoogleLinkCard({ state }: { state: GoogleLinkState }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const askedByUrl = state.canUnlink && params.get(UNLINK_PARAM) === UNLINK_VALUE
  const [dialogOpen, setDialogOpen] = useState(askedByUrl)
  // Any navigation (the redirect after unlinking included) re-reads the dialog from the URL.
  useEffect(() => setDialogOpen(askedByUrl), [location.key, askedByUrl])
  // A fetcher: every answer is a redirect back here with its toast; one that never came is the failure toast, the dialog still open.
  const unlink = useFetcher<FormReply>({ key: 'google-unlink' })
  const unlinking = unlink.state !== 'idle'
  useFormReply(unlink, { dialog: false })

  if (!state.enabled && !state.linked) return null
  const linkFailed = params.get(LINK_FAILED_PARAM) === LINK_FAILED_VALUE

  return (
    <section className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" aria-labelledby="google-account-heading">
      <h3 id="google-account-heading" className="text-sm font-semibold">
        Google Account
      </h3>
      <div className="mt-3 space-y-3 text-sm">
        {linkFailed ? (
          <div
            role="alert"
            className="flex items-start justify-between gap-3 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-red-700 dark:text-red-300"
          >
            <span>{GoogleMessages.linkFailed}</span>
            <Link
              to={withoutParam(location, LINK_FAILED_PARAM)}
              replace
              preventScrollReset
              aria-label="Dismiss"
              className="leading-none opacity-70 hover:opacity-100"
            >
              ×
            </Link>
          </div>
        ) : null}
        {state.linked ? (
          <>
            <p>
              Linked to <strong data-testid="google-email">{state.email ?? 'your Google account'}</strong>. You can sign in with Google.
            </p>
            {state.canUnlink ? (
              // Without JavaScript this asks the server for `?unlink=google`, which renders the dialog open.
              <DialogOpenButton param={UNLINK_PARAM} value={UNLINK_VALUE} onOpen={() => setDialogOpen(true)}>
                Unlink Google
              </DialogOpenButton>
            ) : (
              <>
                <Button variant="secondary" size="sm" disabled aria-describedby="google-only-method">
                  Unlink Google
                </Button>
                <p id="google-only-method" className="text-xs text-zinc-500">
                  Google is your only sign-in method, so it cannot be unlinked.
                </p>
              </>
            )}
          </>
        ) : (
          <>
            <p>Link your Google account to sign in with Google as well as your email and password.</p>
            {/* A document post: the answer is a redirect to Google. */}
            <Form method="post" action={LINK_ACTION} reloadDocument>
              <Button type="submit" variant="secondary" size="sm">
                Link Google
              </Button>
            </Form>
          </>
        )}
      </div>
      {state.canUnlink ? (
        <UnlinkDialog
          open={dialogOpen}
          busy={unlinking}
          fetcher={unlink}
          closeHref={withoutParam(location, UNLINK_PARAM)}
          leaveUrl={askedByUrl}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
    </section>
  )
}

/** Confirm, loading, closes; it cannot be dismissed while loading (spec 1 §4). */
function UnlinkDialog({
  open,
  busy,
  fetcher,
  closeHref,
  leaveUrl,
  onClose,
}: {
  open: boolean
  busy: boolean
  fetcher: FetcherWithComponents<FormReply>
  closeHref: string
  /** Opened by `?unlink=google`: Cancel also takes the parameter off the URL. */
  leaveUrl: boolean
  onClose: () => void
}) {
  const navigate = useNavigate()
  return (
    <Dialog
      open={open}
      busy={busy}
      onClose={onClose}
      closeHref={closeHref}
      title="Unlink Google Account"
      description="After unlinking, you will need to sign in with your email and password."
    >
      <fetcher.Form method="post" action={UNLINK_ACTION} className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DismissButton to={closeHref} disabled={busy} onDismiss={leaveUrl ? () => navigate(closeHref, { replace: true, preventScrollReset: true }) : onClose}>
          Cancel
        </DismissButton>
        <Button type="submit" variant="destructive" pending={busy}>
          Unlink Google
        </Button>
      </fetcher.Form>
    </Dialog>
  )
}
