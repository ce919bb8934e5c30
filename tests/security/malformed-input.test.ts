import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTROL_CHARACTERS_MESSAGE } from '../../app/lib/text'
import { distinctFreePorts, processRunner, type Child, WEB } from '../support/processes'

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
  web = run(WEB, {
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

/** NUL, a bell, an escape, DEL and a C1 control: none of them belongs in text a person typed. */
const CONTROL_SAMPLES = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']

/**
 * A user with a session cookie and a bearer token, PLUS through the local provider's
 * checkout (so billing history reaches the provider), and a Piece.
 */
async function signedInSubscriber(base: string) {
  const email = `sweep.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  const password = 'correct horse battery'
  const signedUp = await fetch(`${base}/signup`, {
    method: 'POST',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  })
  expect(signedUp.status).toBe(302)
  const cookie = signedUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  const issued = await fetch(`${base}/api/public/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const { token } = (await issued.json()) as { token: string }
  const bearer = { Authorization: `Bearer ${token}` }
  const json = { ...bearer, 'Content-Type': 'application/json' }
  const username = `s${Math.random().toString(36).slice(2, 12)}`
  expect((await fetch(`${base}/api/private/users/username`, { method: 'PATCH', headers: json, body: JSON.stringify({ username }) })).status).toBe(200)
  const checkout = (await (await fetch(`${base}/api/private/users/sub?returnURL=settings`, { method: 'POST', headers: bearer })).json()) as { url: string }
  const confirmed = await fetch(`${base}${new URL(checkout.url).pathname}`, { method: 'POST', headers: { Origin: base, Cookie: cookie }, redirect: 'manual' })
  expect(confirmed.status).toBe(302)
  const pieceName = `sweep_${Math.random().toString(36).slice(2, 9)}`
  const created = await fetch(`${base}/api/private/pieces`, { method: 'POST', headers: json, body: JSON.stringify({ name: pieceName }) })
  expect(created.status).toBe(201)
  const { id: pieceId } = (await created.json()) as { id: number }
  return { cookie, bearer, pieceId, pieceName }
}

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

  it('answers every API call and form with bad input (control characters, unknown cursors) without a 5xx', async () => {
    const base = `http://127.0.0.1:${appPort}`
    const logged = web.logLines().length
    const user = await signedInSubscriber(base)
    const answers: Array<[string, number, string]> = []
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = user.bearer) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      })
      answers.push([`${method} ${path} ${JSON.stringify(body) ?? ''}`.slice(0, 140), response.status, (await response.text()).slice(0, 200)])
      return response.status
    }
    // Answers that should have been a 400 and were not, all of them at once.
    const notRefused: string[] = []
    const refused = async (...args: Parameters<typeof call>) => {
      const status = await call(...args)
      if (status !== 400) notRefused.push(`${status} ${answers.at(-1)![0]}`)
    }
    // A page load posts to the page; a fetcher (the page with JavaScript) to its `.data`, where a refusal is a 400 with the message.
    const form = async (path: string, fields: Record<string, string>, mode: 'document' | 'fetcher' = 'document') => {
      const target = mode === 'fetcher' ? path.replace(/(\?|$)/, '.data$1') : path
      const response = await fetch(`${base}${target}`, {
        method: 'POST',
        headers: {
          Origin: base,
          Cookie: user.cookie,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Mode': mode === 'document' ? 'navigate' : 'cors',
        },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      })
      const body = await response.text()
      answers.push([`form ${target} ${mode} ${JSON.stringify(fields)}`.slice(0, 140), response.status, body.slice(0, 200)])
      if (mode === 'fetcher' && (response.status !== 400 || !body.includes(CONTROL_CHARACTERS_MESSAGE)))
        notRefused.push(`${response.status} ${answers.at(-1)![0]}`)
      return response.status
    }

    // Cursors that are not one of the user's invoices (issue 26): each a 400 with the provider's message.
    for (const cursor of ['-1', '0', 'abc', '99999999999999999999', "'", '[]', '2026-02-30', 'in_\u0000', '\u0007']) {
      await refused('GET', `/api/private/users/sub-invoices?${new URLSearchParams({ starting_after: cursor })}`)
    }
    for (const limit of ['-1', 'abc', '1e99', '']) await call('GET', `/api/private/users/sub-invoices?${new URLSearchParams({ limit })}`)

    // NUL and other control characters in every text a user can send: a clear 400, never stored.
    for (const bad of CONTROL_SAMPLES) {
      const email = `bad${bad}x@example.com`
      await refused('POST', '/api/private/feedback', { content: `a${bad}b` })
      await refused('POST', '/api/public/contact', { email: 'a@example.com', message: `a${bad}b` })
      await refused('POST', '/api/public/contact', { email: 'a@example.com', name: `an${bad}`, message: 'hello' })
      await refused('POST', '/api/public/contact', { email, message: 'hello' })
      await refused('POST', '/api/public/email-signup', { email })
      await refused('POST', '/api/public/auth/token', { email, password: 'correct horse battery' })
      await refused('POST', '/api/public/users/register', { email, firebaseUid: `u${bad}` })
      await refused('POST', '/api/private/pieces', { name: `abc${bad}` })
      await refused('PATCH', `/api/private/pieces?id=${user.pieceId}`, { description: `a${bad}b` })
      await refused('PATCH', `/api/private/pieces?id=${user.pieceId}`, { code: `<p>${bad}</p>` })
      await refused('PATCH', `/api/private/pieces?id=${user.pieceId}`, { draftData: { note: `a${bad}` } })
      await refused('PATCH', `/api/private/pieces?id=${user.pieceId}`, { draftData: { [`k${bad}`]: 1 } })
      await refused('PATCH', '/api/private/users/username', { username: `abc${bad}` })
      await refused('PATCH', '/api/private/users/model', { selectedModel: `gpt${bad}` })
      await refused('PATCH', '/api/private/users/sub-cancel', { feedbackText: `a${bad}b` })
      await refused('POST', '/api/private/piece-user-usage', { pieceId: user.pieceId, message: `make${bad}it` })
      await refused('POST', '/api/private/piece-user-usage', { pieceId: user.pieceId, message: 'hi', code: `x${bad}` })
      await refused('POST', '/api/private/piece-user-usage', { pieceId: user.pieceId, message: 'hi', messageHistory: [{ role: 'user', content: bad }] })
      await refused('POST', '/api/private/agentic/execute', { pieceId: user.pieceId, instruction: `do${bad}` })
      await refused('POST', '/api/private/agentic/execute', { pieceId: user.pieceId, instruction: 'do', input: { text: bad } })
      const query = (name: string, value: string) => new URLSearchParams({ [name]: value }).toString()
      await call('GET', `/api/private/pieces/check-name?${query('name', `abc${bad}`)}`)
      await call('GET', `/api/opt/pieces/by-name?${query('name', `abc${bad}`)}`)
      await call('GET', `/api/private/pieces/by-name?${query('name', `abc${bad}`)}`)
      await call('GET', `/api/private/users/check-username?${query('username', `abc${bad}`)}`)
      await call('GET', `/api/public/users/check?${query('firebaseUid', `u${bad}`)}`)
      await call('GET', `/api/opt/users/sub-status?${query('userId', `u${bad}`)}`)
      await call('GET', `/api/opt/pieces?${query('starting_after', bad)}`)
      await call('GET', `/api/private/chat/status?${query('pieceId', bad)}`)

      // The same texts through the forms, as a page load and as a fetcher.
      for (const mode of ['document', 'fetcher'] as const) {
        await form('/resources/feedback', { content: `a${bad}b` }, mode)
        await form('/contact', { email: 'a@example.com', message: `a${bad}b` }, mode)
        await form('/settings/contact', { message: `a${bad}b` }, mode)
        await form('/landing', { email }, mode)
        await form('/resources/pieces', { intent: 'create', name: `abc${bad}` }, mode)
        await form('/resources/pieces', { intent: 'describe', id: String(user.pieceId), description: `a${bad}b` }, mode)
        await form('/resources/pieces', { intent: 'create', name: 'abcdef', prompt: `a${bad}b` }, mode)
        await form(`/pieces/${user.pieceName}`, { intent: 'send', message: `make${bad}it` }, mode)
        await form('/settings', { intent: 'cancel-subscription', feedbackCategory: 'other', feedbackText: `a${bad}b` }, mode)
        await form('/onboarding', { username: `abc${bad}` }, mode)
      }
      for (const mode of ['document', 'fetcher'] as const) {
        await form('/signup', { email, password: 'correct horse battery' }, mode)
        await form('/signin', { email: 'a@example.com', password: `correct${bad}horse` }, mode)
      }
      for (const path of [`/@abc${encodeURIComponent(bad)}`, `/pieces/abc${encodeURIComponent(bad)}`, `/pieces?${new URLSearchParams({ prompt: bad })}`]) {
        await call('GET', path, undefined, { Cookie: user.cookie })
      }
    }

    const serverErrors = answers.filter(([, status]) => status >= 500)
    expect(serverErrors).toEqual([])
    expect(notRefused).toEqual([])
    const refusals = answers.filter(([label, status]) => status === 400 && /feedback|contact|email-signup|username/.test(label))
    expect(refusals.length).toBeGreaterThan(0)
    for (const [, , body] of refusals.filter(([label]) => label.startsWith('POST /api/private/feedback'))) {
      expect(JSON.parse(body)).toEqual({ message: CONTROL_CHARACTERS_MESSAGE })
    }
    expect(answers.find(([label]) => label.startsWith('GET /api/private/users/sub-invoices?starting_after=-1'))?.[2]).toBe(
      JSON.stringify({ message: 'starting_after is not one of your invoices.' }),
    )
    // Nothing unexpected on the server's side either (the malformed bodies above log theirs).
    expect(
      web
        .logLines()
        .slice(logged)
        .filter((line) => line.level === 'error' || line.level === 'fatal'),
    ).toEqual([])
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
