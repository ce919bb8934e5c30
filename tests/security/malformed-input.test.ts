import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { distinctFreePorts, processRunner, type Child } from '../support/processes'

/**
 * One request must never take Pieces down: a corpus of malformed addresses, headers,
 * bodies and encodings goes, byte for byte, to both listeners of the built product. Every
 * one gets an answer below 500 (or the connection is closed by Node's HTTP parser), and
 * afterwards both listeners still answer.
 */
const run = processRunner(() => ({ DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET! }))

let web: Child
let appPort: number
let previewPort: number

beforeAll(async () => {
  ;[appPort, previewPort] = await distinctFreePorts(2)
  web = run('scripts/start.ts', {
    PORT: String(appPort),
    PREVIEW_PORT: String(previewPort),
    RATE_LIMIT_FORMS_PER_MINUTE: '0',
    RATE_LIMIT_READS_PER_MINUTE: '0',
    RATE_LIMIT_MUTATIONS_PER_MINUTE: '0',
  })
  await web.waitFor(/Pieces is ready/)
}, 90_000)

afterAll(async () => {
  web.child.kill('SIGTERM')
  await web.exited
})

/** Sends raw bytes and resolves with the status code of the answer (0 when the server just closed). */
function raw(port: number, request: string | Buffer) {
  return new Promise<number>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)))
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)))
    socket.end(request)
  })
}

const get = (path: string, headers: string[] = []) => [`GET ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...headers, '', ''].join('\r\n')
const post = (path: string, headers: string[], body: string | Buffer) =>
  Buffer.concat([Buffer.from([`POST ${path} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...headers, '', ''].join('\r\n')), Buffer.from(body)])

const BAD_PATHS = [
  '/assets/%ZZ',
  '/assets/%E0%A4%A',
  '/%ZZ',
  '/%E0%A4%A',
  '/pieces/%ZZ',
  '/pieces/%C0%AF',
  '/settings/%',
  '/images/%00.png',
  '/images/..%2F..%2Fpackage.json',
  '/assets/..%2F..%2F..%2Fpackage.json',
  '/..%2F..%2Fetc%2Fpasswd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '//',
  '/\\\\evil.example',
  '/%00',
  '/@%ZZ',
  `/${'a'.repeat(8000)}`,
  '/landing?%ZZ=%ZZ',
  '/signin?redirect=%ZZ',
  '/explore?starting_after=%ZZ',
  '/api/opt/pieces?starting_after=%ZZ&limit=%ZZ',
  '/api/opt/pieces/by-name?name=%ZZ',
  '/api/public/users/check?firebaseUid=%ZZ',
  '/api/private/chat/subscribe?pieceId=%ZZ',
  '/api/%ZZ',
  '/_root.data?%ZZ',
  '/landing.data',
  '/%ZZ.data',
]

const BAD_HEADERS: string[][] = [
  ['Cookie: pieces_session=%ZZ; ;;=; =x'],
  ['Cookie: pieces_session=s%3A%ZZ.%ZZ'],
  [`Cookie: ${'x=y; '.repeat(2000)}`],
  ['Authorization: Bearer %ZZ'],
  [`Authorization: Bearer ${'A'.repeat(8000)}`],
  ['Authorization: Basic ::::'],
  ['Accept: */*;q=abc, text/html;q=NaN'],
  ['Accept-Language: ;;;;q=='],
  ['If-None-Match: "\\"'],
  ['Range: bytes=abc-def'],
  ['X-Forwarded-Host: %ZZ:99999'],
  ['X-Forwarded-For: not an address'],
  ['X-Forwarded-Proto: gopher'],
  ['Last-Event-ID: %ZZ'],
  ['Origin: null'],
  ['Origin: %ZZ'],
]

// Real processes start in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('malformed requests', { timeout: 180_000 }, () => {
  it('answers every malformed address, header and body without a 5xx, and the process keeps serving', async () => {
    const answers: Array<[string, number]> = []
    const send = async (label: string, port: number, request: string | Buffer) => answers.push([label, await raw(port, request)])

    for (const path of BAD_PATHS) await send(`app GET ${path.slice(0, 60)}`, appPort, get(path))
    for (const headers of BAD_HEADERS) {
      await send(`app GET /explore ${headers[0]!.slice(0, 60)}`, appPort, get('/explore', headers))
      await send(`app GET /api/private/user-usage ${headers[0]!.slice(0, 60)}`, appPort, get('/api/private/user-usage', headers))
    }
    for (const host of ['a b', 'evil:99999', '', '[::1', '%ZZ', 'localhost:abc']) {
      await send(`app Host: ${host}`, appPort, ['GET /landing HTTP/1.1', `Host: ${host}`, 'Connection: close', '', ''].join('\r\n'))
    }
    const form = 'Content-Type: application/x-www-form-urlencoded'
    const json = 'Content-Type: application/json'
    const bodies: Array<[string, string[], string | Buffer]> = [
      ['/signin', [form, 'Content-Length: 11'], '%ZZ=%ZZ&a=%'],
      ['/signin', [form, 'Transfer-Encoding: chunked'], '5\r\n%ZZ=%\r\nZZ\r\n'],
      ['/signin', [form, 'Content-Length: -1'], 'a=b'],
      ['/signin', [form, 'Content-Length: abc'], 'a=b'],
      ['/signup', ['Content-Type: multipart/form-data; boundary=', 'Content-Length: 20'], '--\r\n--\r\n\r\n\r\n----'],
      ['/signup', ['Content-Type: multipart/form-data; boundary=x', 'Content-Length: 30'], '--x\r\nContent-Disposition: \r\n\r\n'],
      ['/api/public/auth/token', [json, 'Content-Length: 6'], Buffer.from([0x7b, 0xff, 0xfe, 0xc0, 0xaf, 0x7d])],
      ['/api/public/auth/token', [json, 'Content-Length: 44'], '{"__proto__":{"admin":true},"email":[1,{}]}'],
      ['/api/public/auth/token', [json, 'Content-Length: 20'], '{"email":"\\ud800"}  '],
      ['/api/public/contact', [json, 'Content-Length: 9'], '[[[[[[[[['],
      ['/api/public/contact', ['Content-Type: text/%ZZ', 'Content-Length: 1'], 'x'],
      ['/contact', [form, 'Transfer-Encoding: chunked'], 'zz\r\nnot hex\r\n0\r\n\r\n'],
      ['/contact', ['Content-Type: application/x-www-form-urlencoded; charset=klingon', 'Content-Length: 9'], 'email=%ZZ'],
      ['/api/private/pieces?id=%ZZ', [json, 'Content-Length: 2'], '{}'],
      ['/%ZZ', [form, 'Content-Length: 3'], 'a=b'],
    ]
    for (const [path, headers, body] of bodies) await send(`app POST ${path} ${headers.join(' ').slice(0, 60)}`, appPort, post(path, headers, body))

    for (const path of ['/p/%ZZ', '/p/1?v=%ZZ&exp=%ZZ&sig=%ZZ', '/d/99999999999999999999', '/runner%00', '/%ZZ', `/p/1?${'v=1&'.repeat(3000)}`]) {
      await send(`preview GET ${path.slice(0, 60)}`, previewPort, get(path))
    }
    await send('preview POST /p/1', previewPort, post('/p/1', [form, 'Transfer-Encoding: chunked'], 'zz\r\n'))

    const serverErrors = answers.filter(([, status]) => status >= 500)
    expect(serverErrors).toEqual([])
    expect(answers.find(([label]) => label === 'app GET /assets/%ZZ')?.[1]).toBe(400)
    expect(web.child.exitCode).toBeNull()
    expect((await fetch(`http://127.0.0.1:${appPort}/healthz`)).status).toBe(200)
    expect((await fetch(`http://127.0.0.1:${previewPort}/healthz`)).status).toBe(200)
    expect(web.output()).not.toMatch(/unhandled rejection|unhandled error/)
  }, 120_000)

  it('answers 413 to a chunked body past the limit without reading it all into memory', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 'a')
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connect(appPort, '127.0.0.1')
      let received = ''
      socket.on('data', (data) => (received += data.toString('latin1')))
      socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)))
      socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0)))
      socket.write(
        ['POST /contact HTTP/1.1', 'Host: localhost', 'Content-Type: application/x-www-form-urlencoded', 'Transfer-Encoding: chunked', '', ''].join('\r\n'),
      )
      // 200 MB in 1 MB chunks, written as fast as the socket takes them, until the server answers.
      let sent = 0
      const pump = () => {
        while (sent < 200 && received === '') {
          sent += 1
          socket.write(`${chunk.length.toString(16)}\r\n`)
          socket.write(chunk)
          if (!socket.write('\r\n')) return void socket.once('drain', pump)
        }
        if (sent >= 200) socket.end('0\r\n\r\n')
      }
      pump()
    })
    expect(status).toBe(413)
    expect((await fetch(`http://127.0.0.1:${appPort}/healthz`)).status).toBe(200)
  }, 120_000)
})
