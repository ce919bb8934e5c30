import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from '@remix-run/react'
import type { ReactNode } from 'react'
import { getOptionalUser } from './accounts/session.server'
import { PRODUCT_NAME } from './lib/constants'
import { useHydrated } from './lib/hydrated'
import { usePageHydrates } from './lib/hydration'
import { useNonce } from './lib/nonce'
import { keepDataWhenUnavailable } from './lib/revalidation'
import { useRootData } from './lib/root-data'
import { backgroundColor } from './lib/theme'
import { useTheme } from './shell/use-theme'
import { readToast } from './lib/toast.server'
import { PageEnhancements } from './ui/enhancement'
import { GeneralErrorBoundary } from './ui/error-page'
import { ToastProvider } from './ui/toaster'
import stylesheet from './tailwind.css?url'

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, clear }] = await Promise.all([getOptionalUser(request), readToast(request)])
  return data(
    {
      user: user
        ? {
            uid: user.uid,
            email: user.email,
            username: user.username,
            isAdmin: user.isAdmin,
            darkMode: user.darkMode,
            showTokenUsage: user.showTokenUsage,
          }
        : null,
      toast,
    },
    { headers: clear ? { 'Set-Cookie': clear } : undefined },
  )
}

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.ico', sizes: '32x32' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: MetaFunction = () => [{ title: PRODUCT_NAME }]

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRootData()
  const nonce = useNonce()
  const hydrates = usePageHydrates()
  const hydrated = useHydrated()
  const { theme, surface } = useTheme()
  const background = backgroundColor(theme, surface)
  return (
    <html
      lang="en"
      className={theme === 'dark' ? 'dark' : undefined}
      // Once React runs the page: the `js:` and `no-js:` styles (app/tailwind.css) follow it.
      data-js={hydrated ? '' : undefined}
      style={{ ['--page-bg' as string]: background, backgroundColor: background }}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={background} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh" style={{ backgroundColor: background }}>
        <ToastProvider initial={rootData?.toast ?? null}>{children}</ToastProvider>
        {/* A page whose routes need no React gets none: it works as rendered, with its enhancements (docs/decisions/0040, 0056). */}
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            {/* Before any module: zod must not probe `new Function`, which the CSP refuses and reports (docs/decisions/0032). */}
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: 'globalThis.__zod_globalConfig={jitless:true}' }} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <PageEnhancements />
        )}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export const shouldRevalidate = keepDataWhenUnavailable

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
