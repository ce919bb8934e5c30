/** Static pages that signed-in users see inside the app shell, under /settings. */
export const STATIC_PAGE_SLUGS = ['about', 'blog', 'contact', 'faq', 'privacy', 'terms'] as const
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number]

const PROMPT_FORWARDING = new Set(['/', '/landing', '/signin', '/signup'])
const TO_EXPLORE = new Set(['/', '/onboarding', '/signin', '/signup'])

/**
 * Spec 1 §2.2 for a signed-in user: where this page sends them, or null to stay.
 * A user without a username is held at /onboarding (keeping the prompt).
 */
export function signedInRedirect(pathname: string, search: URLSearchParams, user: { username: string | null }) {
  const prompt = search.get('prompt')
  if (!user.username) {
    if (pathname === '/onboarding') return null
    return prompt ? `/onboarding?${new URLSearchParams({ prompt })}` : '/onboarding'
  }
  if (prompt && PROMPT_FORWARDING.has(pathname)) return `/pieces?${new URLSearchParams({ prompt })}`
  if (TO_EXPLORE.has(pathname)) return '/explore'
  const slug = pathname.slice(1)
  if (STATIC_PAGE_SLUGS.some((page) => page === slug)) return `/settings/${slug}`
  return null
}
