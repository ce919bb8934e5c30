import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'

/** One card of the settings screen (spec 1 §2.5), named by its heading. */
export function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-sm">{children}</div>
    </section>
  )
}

/** A titled part of a card (Token Usage, Subscription, Billing history...). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="min-w-0 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800" data-testid={testId}>
      <h3 className="text-sm font-semibold">{title}</h3>
      <div className="mt-3 space-y-3 text-sm">{children}</div>
    </section>
  )
}

const BADGE_TONES = {
  good: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
}

/** A small status label: an invoice's Paid or Pending, the subscription's state. */
export function Badge({ tone, children, testId }: { tone: keyof typeof BADGE_TONES; children: ReactNode; testId?: string }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]}`} data-testid={testId}>
      {children}
    </span>
  )
}

const linkClass = 'block rounded-md px-2 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-800'

const RESOURCES = [
  { to: '/settings/faq', label: 'FAQ' },
  { to: '/settings/blog', label: 'Blog' },
]
const LEGAL_AND_SUPPORT = [
  { to: '/settings/terms', label: 'Terms of Service' },
  { to: '/settings/privacy', label: 'Privacy Policy' },
  { to: '/settings/contact', label: 'Contact Us' },
  { to: '/settings/about', label: 'About Us' },
]

/** The Resources and Legal & Support cards: links to the static pages inside the signed-in shell. */
export function LinkCards() {
  return (
    <>
      <Card title="Resources">
        <div className="-mx-2">
          {RESOURCES.map(({ to, label }) => (
            <Link key={to} to={to} className={linkClass}>
              {label}
            </Link>
          ))}
        </div>
      </Card>
      <Card title="Legal & Support">
        <div className="-mx-2">
          {LEGAL_AND_SUPPORT.map(({ to, label }) => (
            <Link key={to} to={to} className={linkClass}>
              {label}
            </Link>
          ))}
        </div>
      </Card>
    </>
  )
}
