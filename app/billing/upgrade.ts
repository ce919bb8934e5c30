/** The search parameter that opens the upgrade dialog, with JavaScript off: `?upgrade=plus`. */
export const UPGRADE_PARAM = 'upgrade'

/** The same page with the upgrade dialog open: `path` may carry its own search. */
export function upgradeHref(path: string) {
  const url = new URL(path, 'http://local')
  url.searchParams.set(UPGRADE_PARAM, 'plus')
  return `${url.pathname}${url.search}`
}
