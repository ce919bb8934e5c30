import { expect, test } from '@playwright/test'

const PREVIEW_PORT = Number(process.env.E2E_PORT ?? 3210) + 1

const email = () => `api.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`

test.describe('JSON API frame', () => {
  test('POST /api/public/contact stores a valid message', async ({ request }) => {
    const response = await request.post('/api/public/contact', { data: { name: 'Ada', email: email(), message: 'Hello' } })
    expect(response.status()).toBe(201)
    expect(await response.json()).toMatchObject({ success: true })
  })

  test('contact validation answers 400 with the spec message', async ({ request }) => {
    const cases: [unknown, string][] = [
      [{ message: 'Hello' }, 'Email is required'],
      [{ email: 'x', message: 'Hello' }, 'Invalid email address'],
      [{ email: email() }, 'Message is required'],
      [{ email: email(), message: 'x'.repeat(1001) }, 'Message must be less than 1000 characters'],
      [{ email: email(), message: 'Hi', name: 'A' }, 'Name must be at least 2 characters'],
      [{ email: 42, message: 'Hi' }, 'Email is required'],
    ]
    for (const [data, message] of cases) {
      const response = await request.post('/api/public/contact', { data })
      expect(response.status(), JSON.stringify(data)).toBe(400)
      expect(await response.json()).toEqual({ message })
    }
  })

  test('malformed JSON, a non-object body and an oversized body get clear errors', async ({ request }) => {
    const malformed = await request.post('/api/public/contact', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{"email":') })
    expect(malformed.status()).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'The request body must be valid JSON.' })

    const list = await request.post('/api/public/contact', { headers: { 'content-type': 'application/json' }, data: Buffer.from('[1,2]') })
    expect(list.status()).toBe(400)

    const huge = await request.post('/api/public/contact', { data: { email: email(), message: 'x'.repeat(300_000) } })
    expect(huge.status()).toBe(413)
    expect((await huge.json()).message).toMatch(/too large/)

    const enormous = await request.post('/api/public/contact', { data: { message: 'x'.repeat(13 * 1024 * 1024) } })
    expect(enormous.status()).toBe(413)
  })

  test('the waitlist answers 201, then 409 with the error field for a repeat', async ({ request }) => {
    const address = email()
    expect((await request.post('/api/public/email-signup', { data: { email: address } })).status()).toBe(201)
    const repeat = await request.post('/api/public/email-signup', { data: { email: address.toUpperCase() } })
    expect(repeat.status()).toBe(409)
    expect(await repeat.json()).toEqual({ error: 'This email is already on our waitlist!', message: 'This email is already on our waitlist!' })
    const invalid = await request.post('/api/public/email-signup', { data: { email: 'nope' } })
    expect(invalid.status()).toBe(400)
    expect((await invalid.json()).error).toBe('Please enter a valid email address')
  })

  test('unknown API paths and wrong methods answer JSON', async ({ request }) => {
    const missing = await request.get('/api/public/nothing-here')
    expect(missing.status()).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Not found' })
    const deep = await request.post('/api/private/x/y', { data: {} })
    expect(deep.status()).toBe(404)
    const get = await request.get('/api/public/contact')
    expect(get.status()).toBe(405)
    expect((await get.json()).message).toMatch(/not allowed/)
  })
})

test.describe('security basics', () => {
  test('every page carries the security headers and no x-powered-by', async ({ request }) => {
    for (const path of ['/landing', '/api/public/nothing', '/favicon.ico', '/no_such_piece']) {
      const response = await request.get(path)
      const headers = response.headers()
      expect(headers['x-powered-by'], path).toBeUndefined()
      expect(headers['x-content-type-options'], path).toBe('nosniff')
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'")
    }
    const document = (await request.get('/landing')).headers()['content-security-policy']
    expect(document).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(document).toContain(`frame-src http://*.localhost:${PREVIEW_PORT}`)
  })

  test('a cross-site form post is refused', async ({ request }) => {
    const response = await request.post('/contact', {
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      data: 'email=a%40b.co&message=hi',
    })
    expect(response.status()).toBe(403)
  })

  test('anonymous public pages are shared from the page cache', async ({ request }) => {
    await request.get('/privacy')
    const second = await request.get('/privacy')
    expect(second.status()).toBe(200)
    expect(second.headers()['x-page-cache']).toBe('hit')
    expect(second.headers()['cache-control']).toContain('s-maxage=60')
  })

  test('every shared copy of a page carries a CSP nonce of its own, the one its scripts use', async ({ request }) => {
    const nonces: string[] = []
    let hits = 0
    let scriptsSeen = 0
    for (const path of ['/landing', '/landing', '/landing', '/signin', '/signin', '/signin']) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'gzip, br' } })
      const nonce = /'nonce-([^']+)'/.exec(response.headers()['content-security-policy'] ?? '')?.[1]
      if (!nonce) throw new Error(`${path} has no nonce in its policy`)
      if (response.headers()['x-page-cache'] === 'hit') hits += 1
      // The decoded page's scripts carry exactly the nonce its policy allows.
      const scripts = [...(await response.text()).matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((match) => match[1])
      scriptsSeen += scripts.length
      for (const script of scripts) expect(script).toBe(nonce)
      nonces.push(nonce)
    }
    expect(scriptsSeen).toBeGreaterThan(0)
    expect(hits).toBeGreaterThanOrEqual(4)
    expect(new Set(nonces).size).toBe(nonces.length)
  })

  test('the preview origin answers on its own port', async ({ request }) => {
    const response = await request.get(`http://localhost:${PREVIEW_PORT}/healthz`)
    expect(response.status()).toBe(200)
    expect(response.headers()['set-cookie']).toBeUndefined()
  })
})
