import express from 'express'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { chooseEncoding, compressDocuments, precompressDirectory, precompressedAssets } from '../../server/compression'
import { newNonce } from '../../server/nonce-slots'
import { PageCache } from '../../server/page-cache'

/**
 * The page cache in front of Express, as server.ts wires it: a plain node:http listener
 * answers what the cache holds and hands everything else to a real Express app, whose
 * middleware stores what a shareable page answered.
 */
const PAGE = `<!doctype html><title>Public</title>${'<p>Made with Pieces</p>'.repeat(200)}`
let renders = 0
let admitted = true
let server: Server
let base: string
const assets = mkdtempSync(path.join(tmpdir(), 'pieces-assets-'))
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(500))}\n`

beforeAll(async () => {
  writeFileSync(path.join(assets, 'entry-abc123.js'), SCRIPT)
  await precompressDirectory(assets)
  const cache = new PageCache(['pieces_session'], false)
  const app = express()
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff')
    next()
  })
  app.use('/assets', precompressedAssets(assets))
  app.use('/assets', express.static(assets, { immutable: true, maxAge: '1y' }))
  app.use(compressDocuments())
  app.use(cache.store())
  app.get('/public', (req, res) => {
    renders += 1
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.setHeader('Vary', 'Cookie')
    res.type('html').send(`${PAGE}<!-- ${req.get('host')} -->`)
  })
  // As server.ts: the policy's nonce is made per response before the page renders with it.
  app.get('/nonced', (_req, res) => {
    const nonce = newNonce()
    res.locals.nonce = nonce
    res.setHeader('Content-Security-Policy', `script-src 'self' 'nonce-${nonce}'`)
    res.setHeader('Cache-Control', 'public, max-age=0, s-maxage=60')
    res.type('html').send(`<script nonce="${nonce}">1</script>${PAGE}<script nonce="${nonce}" type="module">2</script>`)
  })
  app.get('/events', (_req, res) => {
    res.setHeader('Content-Type', 'text/event-stream')
    res.write(`data: ${'x'.repeat(2000)}\n\n`)
    res.end()
  })
  app.get('/sets-cookie', (_req, res) => {
    renders += 1
    res.setHeader('Cache-Control', 'public, s-maxage=60')
    res.cookie('seen', '1').type('html').send(PAGE)
  })
  server = createServer((req, res) => {
    if (cache.serve(req, res, () => admitted)) return
    app(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => {
    server.close(resolve)
    server.closeAllConnections()
  })
})

/** A raw GET (fetch would decode the body and hide the encoding), answering headers and bytes. */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(`${base}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the page cache in front of Express', () => {
  it('answers the second request itself, with the headers the full path gave', async () => {
    const before = renders
    const first = await get('/public')
    const second = await get('/public')
    expect(renders).toBe(before + 1)
    expect(second.headers['x-page-cache']).toBe('hit')
    expect(second.headers['x-content-type-options']).toBe('nosniff')
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60')
    expect(second.body.equals(first.body)).toBe(true)
    expect(Number(second.headers['content-length'])).toBe(second.body.length)
  })

  it('sends the smaller encoding the client accepts, the same page once decoded', async () => {
    await get('/public')
    const plain = await get('/public')
    const br = await get('/public', { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get('/public', { 'accept-encoding': 'gzip' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.body.length / 4)
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding')
  })

  it('compresses a page on its first render too, and keeps the page itself for later copies', async () => {
    const first = await get('/public?first', { 'accept-encoding': 'br' })
    expect(first.headers['x-page-cache']).toBeUndefined()
    expect(first.headers['content-encoding']).toBe('br')
    const page = brotliDecompressSync(first.body)
    const gzip = await get('/public?first', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['x-page-cache']).toBe('hit')
    expect(gunzipSync(gzip.body).equals(page)).toBe(true)
    expect((await get('/public?first')).body.equals(page)).toBe(true)
    expect(gzip.headers.vary).toBe('Cookie, Accept-Encoding')
  })

  it('gives every copy a nonce of its own, in its policy and in its page, and keeps the page otherwise as rendered', async () => {
    const nonceOf = (response: { headers: Record<string, string | string[] | undefined> }) =>
      /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1] ?? 'none'
    const first = await get('/nonced')
    const plain = await get('/nonced')
    const preferringBrotli = await get('/nonced', { 'accept-encoding': 'gzip, deflate, br' })
    const gzip = await get('/nonced', { 'accept-encoding': 'gzip' })
    expect(new Set([first, plain, preferringBrotli, gzip].map(nonceOf)).size).toBe(4)
    for (const copy of [plain, preferringBrotli, gzip]) {
      expect(copy.headers['x-page-cache']).toBe('hit')
      expect(Number(copy.headers['content-length'])).toBe(copy.body.length)
      const page = (copy.headers['content-encoding'] === 'gzip' ? gunzipSync(copy.body) : copy.body).toString()
      expect(page).toBe(first.body.toString().split(nonceOf(first)).join(nonceOf(copy)))
      expect(page.split(`nonce="${nonceOf(copy)}"`)).toHaveLength(3)
    }
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(preferringBrotli.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.body.length).toBeLessThan(plain.body.length / 4)
    expect(gzip.headers.vary).toBe('Accept-Encoding')
  })

  it('never compresses an event stream, which must arrive as it is written', async () => {
    const events = await get('/events', { 'accept-encoding': 'br, gzip' })
    expect(events.headers['content-encoding']).toBeUndefined()
    expect(events.body.toString()).toMatch(/^data: x+\n\n$/)
  })

  it('keeps one copy per host, since the policy and preview origins come from it', async () => {
    await get('/public', { host: 'localhost' })
    const other = await get('/public', { host: 'pieces.test' })
    expect(other.headers['x-page-cache']).toBeUndefined()
    expect(other.body.toString()).toContain('<!-- pieces.test -->')
    expect((await get('/public', { host: 'localhost' })).body.toString()).toContain('<!-- localhost -->')
  })

  it('never shares a page with a signed-in visitor or a token, nor stores one that sets a cookie', async () => {
    await get('/public')
    expect((await get('/public', { cookie: 'pieces_session=abc' })).headers['x-page-cache']).toBeUndefined()
    expect((await get('/public', { authorization: 'Bearer t' })).headers['x-page-cache']).toBeUndefined()
    await get('/sets-cookie')
    const again = await get('/sets-cookie')
    expect(again.headers['x-page-cache']).toBeUndefined()
    expect(again.headers['set-cookie']).toBeDefined()
  })

  it('hands a hit to the full path when the read limit refuses it', async () => {
    await get('/public')
    admitted = false
    const before = renders
    const refused = await get('/public')
    admitted = true
    expect(refused.headers['x-page-cache']).toBeUndefined()
    expect(renders).toBe(before + 1)
  })

  it('renders again once the shared copy is older than s-maxage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    await get('/public?fresh')
    expect((await get('/public?fresh')).headers['x-page-cache']).toBe('hit')
    vi.setSystemTime(Date.now() + 61_000)
    expect((await get('/public?fresh')).headers['x-page-cache']).toBeUndefined()
    vi.useRealTimers()
  })
})

describe('build assets', () => {
  it('are sent precompressed when the client accepts it, immutable, as their own type', async () => {
    const br = await get('/assets/entry-abc123.js', { 'accept-encoding': 'br, gzip' })
    expect(br.status).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT)
    const gzip = await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip' })
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT)
    const plain = await get('/assets/entry-abc123.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(readFileSync(path.join(assets, 'entry-abc123.js'), 'utf8'))
  })

  it('never leave their directory', async () => {
    expect((await get('/assets/..%2F..%2Fetc%2Fpasswd', { 'accept-encoding': 'br' })).status).toBe(404)
    expect((await get('/assets/%E0%A4%A.js', { 'accept-encoding': 'br' })).status).toBe(404)
  })
})

describe('choosing an encoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding(undefined)).toBeNull()
  })
})
