import { DATA_ERRORS, DATA_PATH_PREFIX, FRAME_TOKEN_PATH, type DataChange, type DataErrorCode } from '../constants'
import { DATA_MESSAGES, type DataTokenMessage } from '../messages'

/**
 * `pieces.data` (issue 39.1): what a Piece's code calls to keep data, the same in the editor's
 * preview, on the public page and in a behaviour check. Runs first in the Piece's frame
 * (bundled into the text it is sent as, app/piece-data/frame-script.ts). It never knows who
 * the visitor is: the page that frames the Piece hands it a token the server signed, and the
 * server stamps every write with the visitor that token names.
 */
type Token = { token: string; expiresAt: number; name: string }
type Options = { limit?: number; order?: 'newest' | 'oldest' }

/** A call's failure: `code` is one of quota, too-large, not-yours, offline, rate-limited, invalid, not-found, unauthorized. */
class PiecesDataError extends Error {
  constructor(
    readonly code: DataErrorCode,
    message: string = DATA_ERRORS[code].message,
  ) {
    super(message)
    this.name = 'PiecesDataError'
  }
}

const REFRESH_BEFORE_MS = 60_000
const TOKEN_WAIT_MS = 10_000
const TOKEN_ASK_EVERY_MS = 500
let current: Token | null = (window as { __piecesDataToken?: Token }).__piecesDataToken ?? null
let asking: Promise<Token> | null = null

/**
 * Asks the framing page for a token, again every half second until it answers: the page may
 * not listen yet (it is still starting) when the Piece first asks.
 */
function askForToken(): Promise<Token> {
  asking ??= new Promise<Token>((resolve, reject) => {
    const request = { type: DATA_MESSAGES.tokenRequest, id: Math.random().toString(36).slice(2) }
    const finish = () => {
      clearInterval(again)
      clearTimeout(timer)
      removeEventListener('message', onMessage)
      asking = null
    }
    const timer = setTimeout(() => {
      finish()
      reject(new PiecesDataError('offline'))
    }, TOKEN_WAIT_MS)
    // Only the page that frames this Piece may hand it a token (the preview origin may be framed by the app alone).
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<DataTokenMessage> | null
      if (event.source !== window.parent || data?.type !== DATA_MESSAGES.token || data.id !== request.id || typeof data.token !== 'string') return
      finish()
      if (data.error) return reject(new PiecesDataError('unauthorized', data.error))
      current = { token: data.token, expiresAt: Number(data.expiresAt), name: String(data.name) }
      resolve(current)
    }
    addEventListener('message', onMessage)
    const ask = () => window.parent.postMessage(request, '*')
    const again = setInterval(ask, TOKEN_ASK_EVERY_MS)
    ask()
  })
  return asking
}

/** Outside a frame (a behaviour check in the worker's browser), the page's own origin hands out the token. */
async function tokenOfThisOrigin(): Promise<Token> {
  const response = await fetch(`${DATA_PATH_PREFIX}/${FRAME_TOKEN_PATH}`).catch(() => null)
  const body: unknown = response?.ok ? await response.json().catch(() => null) : null
  const fields = typeof body === 'object' && body !== null ? (body as Partial<Token>) : {}
  if (typeof fields.token !== 'string') throw new PiecesDataError('offline', 'This Piece keeps its data only where Pieces serves it.')
  current = { token: fields.token, expiresAt: Number(fields.expiresAt), name: String(fields.name) }
  return current
}

async function token(fresh = false): Promise<Token> {
  if (!fresh && current && current.expiresAt * 1000 - Date.now() > REFRESH_BEFORE_MS) return current
  return window.parent === window ? tokenOfThisOrigin() : askForToken()
}

type Answer = Record<string, unknown>

async function call(method: string, path: string, body?: unknown, retried = false): Promise<Answer> {
  const { token: bearer } = await token(retried)
  let response: Response
  try {
    response = await fetch(`${DATA_PATH_PREFIX}${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new PiecesDataError('offline')
  }
  if (response.status === 401 && !retried) return call(method, path, body, true)
  const answer: unknown = await response.json().catch(() => null)
  const fields: Answer = typeof answer === 'object' && answer !== null ? { ...answer } : {}
  if (!response.ok) throw new PiecesDataError(errorCode(fields.error), typeof fields.message === 'string' ? fields.message : undefined)
  return fields
}

const isErrorCode = (value: unknown): value is DataErrorCode => typeof value === 'string' && Object.hasOwn(DATA_ERRORS, value)
const errorCode = (value: unknown): DataErrorCode => (isErrorCode(value) ? value : 'offline')

const part = (value: string) => encodeURIComponent(String(value))

const mine = {
  /** The value kept under `key` for this visitor, or undefined. */
  async get(key: string) {
    try {
      return (await call('GET', `/mine/${part(key)}`)).value
    } catch (error) {
      if (error instanceof PiecesDataError && error.code === 'not-found') return undefined
      throw error
    }
  },
  set: async (key: string, value: unknown) => (await call('PUT', `/mine/${part(key)}`, { value })).value,
  delete: async (key: string) => Boolean((await call('DELETE', `/mine/${part(key)}`)).deleted),
  /** `[{ key, value, updatedAt }]` of this visitor's keys that start with `prefix`. */
  list: async (prefix = '') => (await call('GET', `/mine?prefix=${part(prefix)}`)).data,
}

const shared = {
  /** Adds a record everyone sees; answers it with `id`, `by` (`{ name, you }`) and `at`. */
  add: (collection: string, value: unknown) => call('POST', `/shared/${part(collection)}`, { value }),
  /** `{ records, counters }` of a collection, newest first unless `order: 'oldest'`. */
  list: (collection: string, { limit = 100, order = 'newest' }: Options = {}) => call('GET', `/shared/${part(collection)}?limit=${limit}&order=${order}`),
  update: (collection: string, id: number, value: unknown) => call('PATCH', `/shared/${part(collection)}/${Number(id)}`, { value }),
  remove: async (collection: string, id: number) => {
    await call('DELETE', `/shared/${part(collection)}/${Number(id)}`)
  },
  /** Adds `by` (1 unless told) to a shared counter at once for everyone: 200 votes at once count 200. */
  increment: async (collection: string, name: string, by = 1) =>
    Number((await call('POST', `/shared/${part(collection)}/counters/${part(name)}`, { by })).value),
}

/**
 * Calls `callback(change)` for every record added, changed or removed and every counter
 * counted in `collection`, from any visitor, as it happens; after a dropped connection it
 * goes on from the last change it delivered — or, when that was so long ago that the changes
 * since are no longer kept, calls it with `{ type: 'reset' }`: read the collection again.
 * Answers a function that stops it.
 */
function subscribe(collection: string, callback: (change: DataChange) => void) {
  let stopped = false
  let lastId = 0
  let controller: AbortController | null = null
  let delay = 500
  const deliver = (block: string) => {
    const fields: Record<string, string> = {}
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':')
      if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart()
    }
    if (fields.id) lastId = Number(fields.id)
    if (fields.data && (!fields.event || fields.event === 'reset')) callback(JSON.parse(fields.data) as DataChange)
  }
  const connect = async (retried = false) => {
    if (stopped) return
    controller = new AbortController()
    try {
      const { token: bearer } = await token(retried)
      const response = await fetch(`${DATA_PATH_PREFIX}/shared/${part(collection)}/changes${lastId ? `?after=${lastId}` : ''}`, {
        headers: { authorization: `Bearer ${bearer}` },
        signal: controller.signal,
      })
      if (response.status === 401 && !retried) return void connect(true)
      if (!response.ok || !response.body) throw new PiecesDataError('offline')
      delay = 500
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
      let buffer = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += value
        let end
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          deliver(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
        }
      }
    } catch {
      // Offline, or stopped: try again after a while unless stopped.
    }
    if (!stopped) setTimeout(() => void connect(), (delay = Math.min(delay * 2, 10_000)))
  }
  void connect()
  return () => {
    stopped = true
    controller?.abort()
  }
}

/** Who this visitor is to the Piece: `{ name }` (their `@username`, or an anonymous name). */
const whoami = async () => ({ name: (await token()).name })

const pieces = ((window as { pieces?: Record<string, unknown> }).pieces ??= {})
pieces.data = Object.freeze({ mine: Object.freeze(mine), shared: Object.freeze(shared), subscribe, whoami, PiecesDataError })
