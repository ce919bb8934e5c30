import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { PRODUCT_NAME, SOCIAL_LINKS } from '~/lib/constants'
import { Logo } from './logo'

const FOOTER_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
]

/** Spec 2 §2: fixed top bar with the logo, and the footer. No theme toggle: signed out, pages are always dark (issue 12.6). */
export function PublicShell({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="fixed inset-x-0 top-0 z-40 border-b border-zinc-200/70 bg-white/80 backdrop-blur dark:border-zinc-800/70 dark:bg-[#09090b]/80">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <nav className="flex items-center gap-2 text-sm">
            {signedIn ? (
              <Link to="/explore" className="rounded-lg px-3 py-2 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
                Open {PRODUCT_NAME}
              </Link>
            ) : (
              <Link to="/signin" className="rounded-lg px-3 py-2 font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800">
                Sign in
              </Link>
            )}
          </nav>
        </div>
      </header>
      <main className="flex-1 pt-14">{children}</main>
      <footer className="border-t border-zinc-200 dark:border-zinc-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className="text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
                {link.label}
              </Link>
            ))}
          </nav>
          <ul aria-label="Social links" className="flex flex-wrap gap-x-5 gap-y-2">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target={link.href.startsWith('mailto:') ? undefined : '_blank'}
                  rel="noopener noreferrer"
                  className="text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <p className="pb-8 text-center text-xs text-zinc-500">
          © {new Date().getFullYear()} {PRODUCT_NAME}
        </p>
      </footer>
    </div>
  )
}
