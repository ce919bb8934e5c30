import type { ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChatCompletionCreateParams } from 'openai/resources/chat/completions'
import { listen, nowSeconds, randomId, readBody, sendJson } from './http'

/** A request body as the client sent it; unvalidated, so fields may be missing or wrong. */
export type ChatRequest = ChatCompletionCreateParams

export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number }

export type ChatReply = {
  content?: string
  usage?: Partial<Usage>
  /** With `error`, answers this status in OpenAI's error shape instead of a completion. */
  status?: number
  error?: string
  /** Sent verbatim with status 200 (or `status`), for clients that must survive garbage. */
  raw?: string
  /** With an error `status`, sent as the Retry-After header (seconds or an HTTP date). */
  retryAfter?: string
  /** Answers the whole content however many tokens the request allowed, as a misbehaving server does. */
  unbounded?: boolean
  /** A streamed answer that breaks after half its content: the connection reset, or the stream ended without a finish. */
  cut?: 'reset' | 'end'
  /** A streamed answer whose second content chunk is not JSON. */
  garble?: boolean
}

/**
 * Where a held reply waits for the test: before its headers, after its headers (sent,
 * with nothing of the stream after them), after its first content chunk, or with all its
 * content sent but before it finishes.
 */
export type HoldPoint = 'headers' | 'body' | 'first-chunk' | 'finish'

/**
 * A test's steering of the replies to the requests it caused: `match` holds texts that
 * must all occur in a request's messages (every request when empty), so tests running in
 * parallel against one fake never steer each other's requests. `status`, `error` and
 * `usage` override the reply; `hold` stops it at that point until the test releases it,
 * so a test acts while a generation is provably mid-way instead of hoping the machine is
 * slow enough (`holdTimeoutMs`, default 60 s, ends a forgotten hold).
 */
export type Steer = Pick<ChatReply, (typeof STEERED_REPLY)[number]> & {
  match?: string | string[]
  hold?: HoldPoint
  holdTimeoutMs?: number
  /** Steers only the first `times` matching requests; later ones are answered as usual. */
  times?: number
}

/** What of a reply a steering may set. */
const STEERED_REPLY = ['status', 'error', 'usage', 'content', 'retryAfter', 'unbounded', 'cut', 'garble'] as const

export type Steering = {
  id: string
  /** Resolves with how many replies wait at the hold once one does; rejects after `timeoutMs`. */
  held: (timeoutMs?: number) => Promise<number>
  /** Lets the held replies go on; later matching replies are no longer held. */
  release: () => void
  /** Ends the steering (releasing what it holds). */
  remove: () => void
}

/** Waits at `point` when a steering holds there; resolves false when the client went away. */
type HoldAt = (point: HoldPoint, signal: AbortSignal) => Promise<boolean>

export type Responder = (body: ChatRequest) => ChatReply | Promise<ChatReply>

/**
 * How long a reply takes, as a real model server's would: `delayMs` before its headers (a
 * model thinking), and a streamed reply's chunks spread evenly over `streamMs` (tokens
 * arriving). No pace (the default) answers at once.
 */
export type Pace = { delayMs?: number; streamMs?: number }

export type OpenAIFakeOptions = {
  port?: number
  responder?: Responder
  models?: string[]
  /** The pace of each chat completion; none by default, so tests never wait on the fake's clock. */
  pace?: (body: ChatRequest) => Pace
}

/** One chat completion call as the fake saw it, in `performance.now()` milliseconds (`endedAt` null while in flight). */
export type Call = { request: ChatRequest; startedAt: number; endedAt: number | null }

export type OpenAIFake = {
  /** `http://127.0.0.1:PORT/v1`, the value for `new OpenAI({ baseURL })` or OPENAI_BASE_URL. */
  baseURL: string
  requests: ChatRequest[]
  /** Bodies of requests whose client went away before the answer was complete. */
  aborts: ChatRequest[]
  /** Every chat completion call with its start and end: how many were in flight at once, and for how long. */
  calls: Call[]
  setResponder: (responder: Responder) => void
  /** Steers matching replies (newest steering first) until removed. */
  steer: (steer: Steer) => Steering
  close: () => Promise<void>
}

export const DEFAULT_MODELS = ['gpt-5', 'gpt-4.1', 'gpt-4.1-mini']

export const echoResponder: Responder = (body) => {
  const last = [...(body.messages ?? [])].reverse().find((message) => message.role === 'user')
  return { content: `You said: ${last ? textOf(last.content) : ''}` }
}

/** Escaped for the page, backticks too: a request holding a code fence must not end the fenced document the answer is. */
const escapeHtml = (value: string) => value.replace(/[&<>"`]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '`': '&#96;' })[char]!)

/** A request with these words gets pages that throw, from every step and from the repair: a build that fails its check twice. */
export const BROKEN_ON_PURPOSE = 'broken on purpose'

/**
 * Issue 31: a request naming a `CHECKED_COUNTER` gets a counter (a count with the id
 * "count", buttons "−" and "+"); with `DEAD_PLUS` in it, one whose plus does nothing, laid
 * out differently. A repair fixes the plus, unless the request says `STUBBORN`.
 */
export const CHECKED_COUNTER = 'checked counter'
export const DEAD_PLUS = 'plus does nothing'
export const STUBBORN = 'stubbornly'

export function checkedCounterPage(title: string, working: boolean) {
  const buttons = '<button type="button">−</button> <button type="button">+</button>'
  const body = working
    ? `<main><h1>${title}</h1><p>Count: <span id="count">0</span></p><p>${buttons}</p></main>`
    : `<main><header><h1>${title}</h1></header><section><div class="panel"><div>${buttons}</div><p>The count is <span id="count">0</span></p></div></section></main>`
  const script = `<script>let n = 0; const c = document.getElementById('count'); const [minus, plus] = document.querySelectorAll('button');
minus.onclick = () => { n -= 1; c.textContent = n }; plus.onclick = () => { ${working ? 'n += 1; ' : ''}c.textContent = n }</script>`
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>${body}${script}</body></html>`
}

/**
 * Answers like a model driven by the product's builder instructions: a two-step plan for
 * planning calls, and for each step (and a repair) a complete HTML document titled after
 * the request, which throws when the request asks for one `BROKEN_ON_PURPOSE`.
 */
export const builderResponder: Responder = (body) => {
  const system = textOf(body.messages?.[0]?.content)
  if (isPlanRequest(body)) return { content: '```json\n{"steps": ["Lay out the page", "Add the details"]}\n```' }
  const user = textOf([...(body.messages ?? [])].reverse().find((message) => message.role === 'user')?.content)
  if (system.includes('You carry out one instruction')) {
    return { content: JSON.stringify({ done: true, instruction: /^Instruction:\n(.*)$/m.exec(user)?.[1] ?? '' }) }
  }
  const request = escapeHtml(/^Request: (.*)$/m.exec(user)?.[1] ?? 'Your Piece')
  const step = escapeHtml(/^Step \d+ of \d+: (.*)$/m.exec(user)?.[1] ?? '')
  // Issue 30.4: a step aimed at one element answers a patch inside it: its first text becomes "Aimed: <request>".
  const element = /The selected element:\n```html\n([\s\S]*?)\n```/.exec(user)?.[1]
  if (element !== undefined) {
    const text = />([^<>]+)</.exec(element)?.[1]
    const aimed = `Aimed: ${request}`
    if (text && text !== aimed && element.split(text).length === 2) {
      return { content: `\`\`\`json\n${JSON.stringify({ patches: [{ type: 'replace', target: text, content: aimed }] })}\n\`\`\`` }
    }
    return { content: `\`\`\`html\n${element}\n\`\`\`` }
  }
  if (request.includes(CHECKED_COUNTER)) {
    const repairing = user.includes('Fix them and keep everything else')
    const working = !request.includes(DEAD_PLUS) || (repairing && !request.includes(STUBBORN))
    return { content: `Here is the page.\n\`\`\`html\n${checkedCounterPage(request, working)}\n\`\`\`` }
  }
  return {
    content: `Here is the page.\n\`\`\`html\n<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${request}</title></head>\n<body><main><h1>${request}</h1><p>${step}</p></main>${request.includes(BROKEN_ON_PURPOSE) ? '<script>missingFunction()</script>' : ''}</body></html>\n\`\`\``,
  }
}

const isPlanRequest = (body: ChatRequest) => textOf(body.messages?.[0]?.content).includes('You plan')

/**
 * A pace for builderResponder's calls: a plan answered after `planMs`, every other call
 * (a page, a repair) streamed over `pageMs`.
 */
export function builderPace({ planMs, pageMs }: { planMs: number; pageMs: number }): (body: ChatRequest) => Pace {
  return (body) => (isPlanRequest(body) ? { delayMs: planMs } : { streamMs: pageMs })
}

const HOLD_TIMEOUT_MS = 60_000
const HELD_WAIT_MS = 30_000

type Rule = Steering & { steer: Steer; matches: (body: ChatRequest) => boolean; take: () => void; at: HoldAt }

/** One steering: which requests it applies to, and the gate its held replies wait at. */
function rule(steer: Steer, remove: (rule: Rule) => void): Rule {
  const texts = [steer.match ?? []].flat()
  let used = 0
  let holding = steer.hold !== undefined
  let waiting = 0
  let waiters: Array<() => void> = []
  let watchers: Array<() => void> = []
  const release = () => {
    holding = false
    const resume = waiters
    waiters = []
    resume.forEach((go) => go())
  }
  const self: Rule = {
    id: randomId('steer_', 12),
    steer,
    matches: (body) => {
      if (steer.times !== undefined && used >= steer.times) return false
      const text = (body.messages ?? []).map((message) => textOf(message.content)).join('\n')
      return texts.every((wanted) => text.includes(wanted))
    },
    take: () => {
      used += 1
    },
    async at(point, signal) {
      if (!holding || steer.hold !== point || signal.aborted) return !signal.aborted
      waiting += 1
      watchers.forEach((notify) => notify())
      watchers = []
      try {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, steer.holdTimeoutMs ?? HOLD_TIMEOUT_MS)
          const go = () => {
            clearTimeout(timer)
            resolve()
          }
          waiters.push(go)
          signal.addEventListener('abort', go, { once: true })
        })
      } finally {
        waiting -= 1
      }
      return !signal.aborted
    },
    held(timeoutMs = HELD_WAIT_MS) {
      if (waiting > 0) return Promise.resolve(waiting)
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply reached the hold within ${timeoutMs} ms`)), timeoutMs)
        watchers.push(() => {
          clearTimeout(timer)
          resolve(waiting)
        })
      })
    },
    release,
    remove: () => {
      release()
      remove(self)
    },
  }
  return self
}

const passThrough: HoldAt = async (_point, signal) => !signal.aborted

export async function startOpenAIFake(options: OpenAIFakeOptions = {}): Promise<OpenAIFake> {
  const models = options.models ?? DEFAULT_MODELS
  let responder = options.responder ?? echoResponder
  let rules: Rule[] = []
  const steer = (next: Steer) => {
    const added = rule(next, (gone) => (rules = rules.filter((kept) => kept !== gone)))
    rules = [added, ...rules]
    return added
  }
  const requests: ChatRequest[] = []
  const aborts: ChatRequest[] = []
  const calls: Call[] = []

  const server = await listen(async (req, res) => {
    res.setHeader('x-request-id', randomId('req_', 32))
    const route = `${req.method} ${new URL(req.url ?? '/', 'http://fake').pathname}`
    // Steering over HTTP, for tests in another process: POST /__fake/steer answers { id };
    // GET …/{id}/held waits until a reply is held; POST …/{id}/release; DELETE …/{id}.
    if (route === 'POST /__fake/steer') {
      const added = steer(JSON.parse((await readBody(req)) || '{}') as Steer)
      return sendJson(res, 200, { id: added.id })
    }
    const steering = /^(GET|POST|DELETE) \/__fake\/steer\/([^/]+)(\/held|\/release)?$/.exec(route)
    if (steering) {
      const found = rules.find((candidate) => candidate.id === steering[2])
      if (!found) return sendJson(res, 404, { error: { message: 'no such steering' } })
      const action = `${steering[1]} ${steering[3] ?? ''}`
      if (action === 'GET /held') {
        try {
          return sendJson(res, 200, { held: await found.held() })
        } catch (error) {
          return sendJson(res, 408, { error: { message: (error as Error).message } })
        }
      }
      if (action === 'POST /release') found.release()
      else if (action === 'DELETE ') found.remove()
      else return sendJson(res, 405, { error: { message: 'use GET …/held, POST …/release or DELETE' } })
      return sendJson(res, 200, {})
    }
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      return sendError(
        res,
        401,
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
      )
    }
    if (route === 'GET /v1/models') return sendJson(res, 200, { object: 'list', data: models.map(modelObject) })
    const model = /^GET \/v1\/models\/(.+)$/.exec(route)?.[1]
    if (model !== undefined) {
      const id = decodeURIComponent(model)
      return models.includes(id) ? sendJson(res, 200, modelObject(id)) : sendModelNotFound(res, id)
    }
    if (route !== 'POST /v1/chat/completions') return sendError(res, 404, `Invalid URL (${route})`)

    let body: ChatRequest
    try {
      const parsed: unknown = JSON.parse(await readBody(req))
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError('not an object')
      body = parsed as ChatRequest
    } catch {
      return sendError(
        res,
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      )
    }
    requests.push(body)
    if (typeof body.model !== 'string') return sendError(res, 400, 'you must provide a model parameter')
    if (!models.includes(body.model)) return sendModelNotFound(res, body.model)
    if (!Array.isArray(body.messages)) return sendError(res, 400, "Missing required parameter: 'messages'.", 'messages')
    if (body.messages.length === 0)
      return sendError(res, 400, "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", 'messages')

    const call: Call = { request: body, startedAt: performance.now(), endedAt: null }
    calls.push(call)
    const done = new AbortController()
    res.on('close', () => {
      call.endedAt = performance.now()
      if (!res.writableFinished) aborts.push(body)
      done.abort()
    })
    const steered = rules.find((candidate) => candidate.matches(body))
    steered?.take()
    const overrides = STEERED_REPLY.flatMap((key) => (steered?.steer[key] === undefined ? [] : [[key, steered.steer[key]]]))
    const reply: ChatReply = { ...(await responder(body)), ...Object.fromEntries(overrides) }
    const holdAt = steered?.at ?? passThrough
    const pace = options.pace?.(body) ?? {}
    if (!(await pause(pace.delayMs, done.signal))) return
    if (!(await holdAt('headers', done.signal))) return
    if (reply.raw !== undefined) {
      res.writeHead(reply.status ?? 200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' })
      return void res.end(reply.raw)
    }
    if (reply.status !== undefined && reply.status >= 400) {
      if (reply.retryAfter !== undefined) res.setHeader('retry-after', reply.retryAfter)
      return sendError(res, reply.status, reply.error ?? 'The server had an error while processing your request. Sorry about that!')
    }
    await (body.stream ? stream(res, body, reply, done.signal, holdAt, pace.streamMs) : complete(res, body, reply))
  }, options.port)

  return {
    baseURL: `${server.origin}/v1`,
    requests,
    aborts,
    calls,
    setResponder: (next) => {
      responder = next
    },
    steer,
    close: async () => {
      rules.forEach((kept) => kept.remove())
      await server.close()
    },
  }
}

type Answer = { content: string; finishReason: 'stop' | 'length'; usage: Usage }

function answer(body: ChatRequest, reply: ChatReply): Answer {
  const limit = body.max_completion_tokens ?? body.max_tokens
  let content = reply.content ?? ''
  let finishReason: Answer['finishReason'] = 'stop'
  if (limit != null && !reply.unbounded && estimateTokens(content) > limit) {
    content = content.slice(0, limit * 4)
    finishReason = 'length'
  }
  const prompt_tokens = reply.usage?.prompt_tokens ?? promptTokens(body)
  const completion_tokens = reply.usage?.completion_tokens ?? estimateTokens(content)
  const usage = { prompt_tokens, completion_tokens, total_tokens: reply.usage?.total_tokens ?? prompt_tokens + completion_tokens }
  return { content, finishReason, usage }
}

function complete(res: ServerResponse, body: ChatRequest, reply: ChatReply) {
  const { content, finishReason, usage } = answer(body, reply)
  sendJson(res, 200, {
    ...envelope(body, 'chat.completion'),
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null, annotations: [] }, logprobs: null, finish_reason: finishReason }],
    usage: usageObject(usage),
  })
}

/** Waits `ms` (nothing when unset); false when the client went away meanwhile. */
async function pause(ms: number | undefined, signal: AbortSignal) {
  if (ms) await sleep(ms, undefined, { signal }).catch(() => {})
  return !signal.aborted
}

async function stream(res: ServerResponse, body: ChatRequest, reply: ChatReply, signal: AbortSignal, holdAt: HoldAt, streamMs?: number) {
  const { content, finishReason, usage } = answer(body, reply)
  const base = envelope(body, 'chat.completion.chunk')
  const includeUsage = body.stream_options?.include_usage === true
  const chunk = (choices: unknown[], extra: object = {}) =>
    `data: ${JSON.stringify({ ...base, choices, ...(includeUsage ? { usage: null } : {}), ...extra })}\n\n`
  const delta = (value: object, finish: string | null = null) => chunk([{ index: 0, delta: value, logprobs: null, finish_reason: finish }])

  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
  res.flushHeaders()
  if (!(await holdAt('body', signal))) return
  const pieces = (content.match(/\S*\s*/g) ?? []).filter(Boolean).map((piece) => delta({ content: piece }))
  if (reply.garble) pieces.splice(1, 0, 'data: {"choices": [{"delta": {"content": "an unfinished\n\n')
  // Half the content, then the connection reset or the stream ended without a finish (a dropped upstream).
  if (reply.cut) {
    for (const event of [delta({ role: 'assistant', content: '', refusal: null }), ...pieces.slice(0, Math.ceil(pieces.length / 2))]) res.write(event)
    return reply.cut === 'reset' ? void res.destroy() : void res.end()
  }
  const events = [
    delta({ role: 'assistant', content: '', refusal: null }),
    ...pieces,
    delta({}, finishReason),
    ...(includeUsage ? [chunk([], { usage: usageObject(usage) })] : []),
    'data: [DONE]\n\n',
  ]
  const finish = events.length - (includeUsage ? 3 : 2)
  // The content chunks (after the role chunk, up to the finish) come `gap` apart, so the last arrives after streamMs.
  const gap = streamMs ? streamMs / Math.max(1, finish - 1) : 0
  for (const [index, event] of events.entries()) {
    if (index >= 2 && index <= finish && !(await pause(gap, signal))) return
    if (index === finish && !(await holdAt('finish', signal))) return
    if (signal.aborted) return
    // At the pace the client reads, as a server's socket goes: a client that stops reading leaves the rest unsent.
    if (!res.write(event)) await drained(res, signal)
    if (index === 1 && !(await holdAt('first-chunk', signal))) return
  }
  res.end()
}

function drained(res: ServerResponse, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    res.once('drain', resolve)
    signal.addEventListener('abort', () => resolve(), { once: true })
  })
}

function envelope(body: ChatRequest, object: string) {
  return { id: randomId('chatcmpl-', 29), object, created: nowSeconds(), model: body.model, service_tier: 'default', system_fingerprint: 'fp_fake' }
}

function usageObject(usage: Usage) {
  return {
    ...usage,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
  }
}

function modelObject(id: string) {
  return { id, object: 'model', created: 1_700_000_000, owned_by: 'system' }
}

/** OpenAI's rough rule of thumb: a token is about four characters of English. */
function estimateTokens(text: string) {
  return Math.ceil(text.length / 4)
}

// Each message costs a few tokens of framing on top of its text, as with the real tokenizer.
function promptTokens(body: ChatRequest) {
  return 3 + body.messages.reduce((sum, message) => sum + 4 + estimateTokens(textOf(message.content)) + imageCount(message.content) * 85, 0)
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : '')).join('')
}

function imageCount(content: unknown) {
  return Array.isArray(content) ? content.filter((part: { type?: string }) => part.type === 'image_url').length : 0
}

function sendModelNotFound(res: ServerResponse, model: string) {
  sendError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, null, 'model_not_found')
}

function sendError(res: ServerResponse, status: number, message: string, param: string | null = null, code?: string) {
  const [type, defaultCode] = status === 429 ? ['requests', 'rate_limit_exceeded'] : status >= 500 ? ['server_error', null] : ['invalid_request_error', null]
  sendJson(res, status, { error: { message, type, param, code: code ?? defaultCode } })
}
