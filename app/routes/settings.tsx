import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useRootData } from '~/lib/root-data'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary } from '~/ui/error-page'

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`card-${title}`} className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h2 id={`card-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 space-y-2 text-sm">{children}</div>
    </section>
  )
}

const linkClass = 'block rounded-md px-2 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-800'

export default function SettingsRoute() {
  const user = useRootData()?.user
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-5 py-10">
      <h1 className="sr-only">Settings</h1>
      <Card title="Account">
        <p>
          Signed in as <strong>{user?.username ?? user?.email}</strong>
          {user?.username ? <span className="text-zinc-500"> ({user.email})</span> : null}
        </p>
      </Card>
      <Card title="Resources">
        <Link to="/settings/faq" className={linkClass}>FAQ</Link>
        <Link to="/settings/blog" className={linkClass}>Blog</Link>
      </Card>
      <Card title="Legal & Support">
        <Link to="/settings/terms" className={linkClass}>Terms of Service</Link>
        <Link to="/settings/privacy" className={linkClass}>Privacy Policy</Link>
        <Link to="/settings/contact" className={linkClass}>Contact Us</Link>
        <Link to="/settings/about" className={linkClass}>About Us</Link>
      </Card>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: pageTitle('Settings') }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
