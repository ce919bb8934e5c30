/** Where a signed-out visitor is sent, remembering where they wanted to go. */
export function signInUrl(request: Request) {
  const url = new URL(request.url)
  const target = `${url.pathname}${url.search}`
  return target === '/' ? '/signin' : `/signin?${new URLSearchParams({ redirect: target })}`
}

/** /onboarding, keeping any prompt parameter (spec 1 §2.2). */
export function onboardingUrl(request: Request) {
  const prompt = new URL(request.url).searchParams.get('prompt')
  return prompt ? `/onboarding?${new URLSearchParams({ prompt })}` : '/onboarding'
}

/**
 * The address a redirect target leads to, as a path on `origin` (path, search and hash),
 * or null when it leads anywhere else. The target is resolved the way a browser resolves
 * a Location header, so tabs, newlines, backslashes and `//` tricks are judged by where
 * they really go rather than by how they look.
 */
export function sameOriginPath(target: unknown, origin: string): string | null {
  if (typeof target !== 'string' || !target.startsWith('/')) return null
  let url: URL
  try {
    url = new URL(target, origin)
  } catch {
    return null
  }
  if (url.origin !== new URL(origin).origin || !isPlainPath(url.pathname)) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Our paths never hold an empty segment ('//'), a backslash or a control character, encoded
 * or not. Refusing them matters twice: a path that starts with '//' leaves the origin once it
 * stands alone ('/.//evil.example' resolves to one), and a route that decodes a segment and
 * puts it back in an address ('/%2F%2Fevil.example') would do the same.
 */
function isPlainPath(pathname: string) {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return false
  }
  return !decoded.includes('//') && !/[\\\p{Cc}]/u.test(decoded)
}
