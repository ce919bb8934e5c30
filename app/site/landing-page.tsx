import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PRODUCT_NAME, WAITLIST_LAUNCH } from '~/lib/constants'
import type { FormReply } from '~/lib/form-reply'
import { Dialog } from '~/ui/dialog'
import { StaticFormToast } from '~/ui/form-toast'
import { WaitlistMessages } from './schema'
import { WaitlistForm } from './waitlist-form'

const STEPS = [
  {
    title: 'Set your terms',
    text: 'Choose how many supporters you need, the fixed pledge each one makes, and the refund bonus they earn if the goal is missed.',
  },
  {
    title: 'Supporters pledge',
    text: 'Pledges are made in crypto and held by a smart contract — not by us, and not by you — until the campaign ends.',
  },
  {
    title: 'Goal met: everyone wins',
    text: 'You are paid, and what you made is released free to everyone, supporters and the rest of the world alike.',
  },
  {
    title: 'Goal missed: supporters win',
    text: 'Every supporter is refunded in full, plus the bonus you promised. Backing early is never a bad bet.',
  },
]

export function LandingPage({
  lastResult,
  reply,
  joined,
  gallery,
}: {
  lastResult?: SubmissionResult<string[]> | null
  /** The form's reply, whose toast shows in place without JavaScript. */
  reply?: FormReply<unknown>
  joined: boolean
  /** The public gallery (spec 2 §2), given by the route. */
  gallery: ReactNode
}) {
  return (
    <div className="landing-fade-in">
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(ellipse_at_top,rgba(124,58,237,0.35),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-4xl px-5 pt-20 pb-16 text-center sm:pt-28">
          <p className="text-sm font-semibold tracking-widest text-brand-400 uppercase">Launching {WAITLIST_LAUNCH}</p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">Get paid to create. Then set it free.</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-balance text-zinc-600 dark:text-zinc-400">
            {PRODUCT_NAME} lets creators fund their work up front. Name the number of supporters you need and a fixed pledge. Hit the goal and you're paid while
            your work goes free for everyone; miss it and every supporter gets their money back plus a bonus.
          </p>
          <div id="waitlist" className="mt-10 flex scroll-mt-24 flex-col items-center gap-3">
            <WaitlistForm lastResult={lastResult} />
            <p className="text-sm text-zinc-500">Join the waitlist and be first in line when we launch in {WAITLIST_LAUNCH}.</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-5 py-16">
        <h2 id="how-it-works" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          How funding works
        </h2>
        <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800 dark:bg-zinc-900/40">
              <span className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white">{index + 1}</span>
              <h3 className="mt-4 font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="gallery-heading" className="mx-auto max-w-6xl px-5 pb-16">
        <h2 id="gallery-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
          Made with {PRODUCT_NAME}
        </h2>
        <p className="mx-auto mt-3 mb-10 max-w-2xl text-center text-zinc-600 dark:text-zinc-400">
          Apps people described in a sentence and shared, newest first.
        </p>
        {gallery}
      </section>

      <section aria-labelledby="why" className="mx-auto max-w-4xl px-5 pb-24">
        <div className="rounded-3xl border border-zinc-200 p-8 sm:p-12 dark:border-zinc-800 dark:bg-zinc-900/40">
          <h2 id="why" className="text-2xl font-semibold tracking-tight">
            Built on a simple promise
          </h2>
          <p className="mt-4 leading-7 text-zinc-600 dark:text-zinc-400">
            Supporters risk nothing: either the work gets made and becomes free for everyone, or they get more back than they put in. Creators get paid for the
            work itself rather than for locking it behind a paywall. And while you wait for launch, you can already describe an app and watch {PRODUCT_NAME}{' '}
            build it.
          </p>
          <Link to="/signup" className="mt-6 inline-block font-medium text-brand-600 underline underline-offset-4 dark:text-brand-400">
            Start creating now
          </Link>
        </div>
      </section>

      <StaticFormToast reply={reply} />
      <Dialog
        open={joined}
        title={WaitlistMessages.success}
        closeHref="/landing"
        description={`We'll email you as soon as ${PRODUCT_NAME} opens its doors in ${WAITLIST_LAUNCH}.`}
      >
        <Link
          to="/landing"
          replace
          preventScrollReset
          className="inline-flex h-10 w-full items-center justify-center rounded-lg bg-brand-600 text-sm font-medium text-white hover:bg-brand-500"
        >
          Done
        </Link>
      </Dialog>
    </div>
  )
}
