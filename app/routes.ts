import { flatRoutes } from '@remix-run/fs-routes'
import { index, layout, route, type RouteConfig } from '@remix-run/route-config'

/**
 * The route table of spec 1 §2.1, written out so it reads like the spec. Static pages
 * share one module under two shells; the JSON endpoints are discovered from
 * `routes/api/` (one file per path, e.g. `api.public.contact.ts`).
 */
const STATIC_PAGES = ['about', 'blog', 'faq', 'privacy', 'terms']

export default [
  index('routes/index.tsx'),
  layout('routes/public-layout.tsx', [
    route('landing', 'routes/landing.tsx'),
    route('contact', 'routes/contact.tsx', { id: 'public-contact' }),
    ...STATIC_PAGES.map((slug) => route(slug, 'routes/static-page.tsx', { id: `public-${slug}` })),
  ]),
  layout('routes/auth-layout.tsx', [route('signin', 'routes/signin.tsx', { id: 'signin' }), route('signup', 'routes/signin.tsx', { id: 'signup' })]),
  route('onboarding', 'routes/onboarding.tsx'),
  layout('routes/app-layout.tsx', [
    route('explore', 'routes/explore.tsx'),
    route('pieces', 'routes/pieces.tsx'),
    route('pieces/:pieceName', 'routes/piece-editor.tsx'),
    route('pieces/:pieceName/data', 'routes/piece-data.tsx'),
    route('settings', 'routes/settings.tsx'),
    route('settings/contact', 'routes/contact.tsx', { id: 'settings-contact' }),
    route('settings/usage', 'routes/settings.usage.tsx'),
    ...STATIC_PAGES.map((slug) => route(`settings/${slug}`, 'routes/static-page.tsx', { id: `settings-${slug}` })),
    // Issue 32.1: after the app's own two-segment paths, which win a tie by coming first.
    route(':name/remix', 'routes/piece-remix.tsx'),
    // Any other path: visitors are asked to sign in, users get 'Page Not Found' in the app's frame (spec 1 §2.2).
    route('*', 'routes/catch-all.tsx'),
  ]),
  route('logout', 'routes/logout.ts'),
  route('auth/google', 'routes/auth.google.ts'),
  route('auth/google/callback', 'routes/auth.google.callback.ts'),
  route('auth/google/link', 'routes/auth.google.link.ts'),
  route('auth/google/unlink', 'routes/auth.google.unlink.ts'),
  route('resources/upgrade', 'routes/resources.upgrade.ts'),
  route('billing/local-checkout/:id', 'routes/billing.local-checkout.tsx'),
  route('billing/return', 'routes/billing.return.tsx'),
  route('pieces/:pieceName/data/export', 'routes/piece-data-export.ts'),
  route('resources/pieces', 'routes/resources.pieces.ts'),
  route('resources/checks', 'routes/resources.checks.ts'),
  route('resources/review-checks', 'routes/resources.review-checks.ts'),
  route('resources/invoices', 'routes/resources.invoices.ts'),
  route('resources/feedback', 'routes/resources.feedback.ts'),
  route('images/:hash', 'routes/images.$hash.ts'),
  ...(await flatRoutes({ rootDirectory: 'routes/api' })),
  route(':name', 'routes/piece-page.tsx'),
  // Issue 32.5 and 32.6, open to anyone who may see the Piece; the app's own paths come first and win a tie.
  route(':name/compare', 'routes/piece-compare.tsx'),
  route(':name/download', 'routes/piece-download.ts'),
] satisfies RouteConfig
