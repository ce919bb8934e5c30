import { NOT_FOUND_TITLE } from '~/ui/error-page'

const FIXED_TITLES: Record<string, string> = {
  '/contact': 'Contact',
  '/explore': 'Explore',
  '/settings': 'Settings',
  '/settings/about': 'About Us',
  '/settings/blog': 'Blog',
  '/settings/contact': 'Contact Us',
  '/settings/faq': 'FAQ',
  '/settings/privacy': 'Privacy Policy',
  '/settings/terms': 'Terms',
  '/settings/usage': 'Token Usage',
}

/**
 * The signed-in top bar's title (spec 1 §2.3). `pieceName` is the Piece shown on
 * /pieces, /pieces/{name} or /{name}; null when there is none or the lookup failed.
 */
export function titleForPath(pathname: string, pieceName: string | null = null): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const fixed = FIXED_TITLES[path]
  if (fixed) return fixed
  if (path === '/pieces' || /^\/pieces\/[^/]+$/.test(path)) return pieceName ?? (path === '/pieces' ? 'Pieces' : NOT_FOUND_TITLE)
  if (/^\/[^/@][^/]*$/.test(path)) return pieceName ?? NOT_FOUND_TITLE
  // Issue 32: a Piece's remix and compare pages.
  const remixPage = /^\/([^/@][^/]*)\/(remix|compare)$/.exec(path)
  if (remixPage) return remixPage[2] === 'remix' ? `Remix ${remixPage[1]}` : 'Compare with the original'
  // Issue 39.4: a Piece's data, for its owner.
  const dataPage = /^\/pieces\/([^/]+)\/data$/.exec(path)
  if (dataPage) return `Data of ${dataPage[1]}`
  return NOT_FOUND_TITLE
}
