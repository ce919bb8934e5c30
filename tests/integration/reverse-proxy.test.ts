import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CROSS_SITE_MESSAGE } from '../../server/security'
import { startHttpProxy, type HttpProxy } from '../support/http-proxy'
import { distinctFreePorts, processRunner, type Child, WEB } from '../support/processes'

/**
 * Issue 26: behind a reverse proxy that rewrites Host (nginx's default), a form post is
 * accepted when the app knows its public address (APP_ORIGIN, or X-Forwarded-Host with
 * TRUST_PROXY=on) and refused as cross-origin (403) when it cannot; never a 500.
 */
const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))

type Product = { web: Child; proxies: HttpProxy[] }
const products: Product[] = []

/** The built product on free ports, with `proxies` in front of it (made from its port before it starts). */
async function startBehind(
  makeProxies: (target: { host: string; port: number }) => Promise<HttpProxy[]>,
  env: (proxies: HttpProxy[]) => Record<string, string>,
) {
  const [port, previewPort] = await distinctFreePorts(2)
  const proxies = await makeProxies({ host: '127.0.0.1', port })
  const web = run(WEB, { PORT: String(port), PREVIEW_PORT: String(previewPort), RATE_LIMIT_FORMS_PER_MINUTE: '0', ...env(proxies) })
  products.push({ web, proxies })
  await web.waitFor(/Pieces is ready/, 120_000)
  return proxies
}

afterAll(async () => {
  for (const { web, proxies } of products) {
    web.child.kill('SIGTERM')
    await web.exited
    await Promise.all(proxies.map((proxy) => proxy.close()))
  }
})

const email = () => `proxy.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

/** The sign-up form as a browser posts it through `proxy`: a page load, or (`data`) the page with JavaScript. */
async function signUpThrough(proxy: HttpProxy, { origin = proxy.origin, data = false } = {}) {
  const response = await fetch(`${proxy.origin}/signup${data ? '.data' : ''}`, {
    method: 'POST',
    headers: {
      Origin: origin,
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': origin === proxy.origin ? 'same-origin' : 'cross-site',
      'Sec-Fetch-Mode': data ? 'cors' : 'navigate',
      Accept: data ? '*/*' : 'text/html',
    },
    body: new URLSearchParams({ email: email(), password: 'correct horse battery' }),
    redirect: 'manual',
  })
  return { status: response.status, body: await response.text(), location: response.headers.get('location') }
}

describe('form posts through a proxy that rewrites Host', { timeout: 240_000 }, () => {
  let rewriting: HttpProxy
  let forwarding: HttpProxy
  let known: HttpProxy

  beforeAll(async () => {
    // TRUST_PROXY=on without APP_ORIGIN: one proxy forwards X-Forwarded-Host, the other forwards nothing.
    const pair = await startBehind(
      async (target) => [await startHttpProxy(target), await startHttpProxy(target, { forwardedHost: true })],
      () => ({ TRUST_PROXY: 'on' }),
    )
    rewriting = pair[0]!
    forwarding = pair[1]!
    // APP_ORIGIN names the proxy's address; the proxy forwards nothing but the rewritten Host.
    const single = await startBehind(
      async (target) => [await startHttpProxy(target)],
      ([proxy]) => ({ APP_ORIGIN: proxy!.origin }),
    )
    known = single[0]!
  }, 240_000)

  it('accepts the post when APP_ORIGIN is the Origin it came from', async () => {
    const page = await signUpThrough(known)
    expect(page.status).toBe(302)
    const fetched = await signUpThrough(known, { data: true })
    expect(fetched.status).toBeLessThan(400)
  })

  it('accepts the post when the proxy forwards X-Forwarded-Host and TRUST_PROXY is on', async () => {
    expect((await signUpThrough(forwarding)).status).toBe(302)
    expect((await signUpThrough(forwarding, { data: true })).status).toBeLessThan(400)
  })

  it('refuses it as any cross-origin post (403 and the usual page) when the app cannot know its address', async () => {
    const page = await signUpThrough(rewriting)
    expect(page.status).toBe(403)
    expect(page.body).toContain(CROSS_SITE_MESSAGE)
    expect((await signUpThrough(rewriting, { data: true })).status).toBe(403)
  })

  it('refuses a post from another site through any of them', async () => {
    for (const proxy of [known, forwarding, rewriting]) {
      expect((await signUpThrough(proxy, { origin: 'http://evil.example' })).status).toBe(403)
    }
  })

  it('logged no error', () => {
    for (const { web } of products) expect(web.logLines().filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([])
  })
})
