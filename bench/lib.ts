import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import autocannon from 'autocannon'

/** The compiled web process, as `npm start` runs it (scripts/ensure-build.ts makes it). */
export const WEB_ENTRY = 'build/node/server.js'
export const WORKER_ENTRY = 'build/node/worker.js'

export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number }

export async function measure(url: string, { connections = 50, duration = 8, headers = {} as Record<string, string> } = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** Starts the product the way `npm start` does and resolves once it answers. */
export async function startProduct(env: Record<string, string>, port: number) {
  const started = Date.now()
  const child = spawn(process.execPath, [WEB_ENTRY], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PREVIEW_PORT: String(port + 1), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout?.on('data', () => {})
  await waitFor(`http://127.0.0.1:${port}/healthz`, 60_000, child)
  return { child, startupMs: Date.now() - started }
}

export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export function stop(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

export function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

/** Every process's fields after its command's closing parenthesis: state, ppid, … utime (index 11), stime, cutime, cstime. */
function processStats() {
  const stats = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      stats.set(
        Number(entry),
        stat
          .slice(stat.lastIndexOf(')') + 2)
          .split(' ')
          .map(Number),
      )
    } catch {
      // gone meanwhile
    }
  }
  return stats
}

/** USER_HZ on Linux. */
const TICKS = 100

/** CPU seconds (user and system) a process has used itself. */
export function cpuSeconds(pid: number) {
  const own = processStats().get(pid)
  return own ? (own[11]! + own[12]!) / TICKS : 0
}

/**
 * CPU seconds used by a process's descendants: those living now, and those it or they have
 * already waited for (a browser's renderers, say).
 */
export function descendantCpuSeconds(pid: number) {
  const stats = processStats()
  const own = stats.get(pid)
  if (!own) return 0
  const family = new Set([pid])
  for (let grew = true; grew;) {
    grew = false
    for (const [other, fields] of stats) {
      if (!family.has(other) && family.has(fields[1]!)) {
        family.add(other)
        grew = true
      }
    }
  }
  let ticks = own[13]! + own[14]!
  for (const other of family)
    if (other !== pid)
      ticks += stats
        .get(other)!
        .slice(11, 15)
        .reduce((sum, value) => sum + value, 0)
  return ticks / TICKS
}

/** p50, p95, p99 and the maximum of a list of milliseconds, to a tenth. */
export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: round(at(0.5)), p95: round(at(0.95)), p99: round(at(0.99)), max: round(sorted.at(-1) ?? 0) }
}

function round(value: number) {
  return Math.round(value * 10) / 10
}

/** A new user of the product at `base`, signed up through the form, with a bearer token for the API. */
export async function signUpWithToken(base: string, label = 'user') {
  return (await signUp(base, label)).auth
}

/** As signUpWithToken, keeping the credentials for later token sign-ins. */
export async function signUp(base: string, label = 'user') {
  const email = `bench.${label}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`
  const password = 'correct horse battery'
  const signedUp = await fetch(`${base}/signup`, { method: 'POST', body: new URLSearchParams({ email, password }), redirect: 'manual' })
  if (signedUp.status !== 302) throw new Error(`sign-up answered ${signedUp.status}`)
  const issued = await fetch(`${base}/api/public/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  const { token } = (await issued.json()) as { token: string }
  return { email, password, auth: { Authorization: `Bearer ${token}` } }
}

/** A public Piece made over the API by the holder of `auth`; answers its id. */
export async function createPiece(base: string, auth: Record<string, string>, name: string) {
  const response = await fetch(`${base}/api/private/pieces`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, visibility: 'public' }),
  })
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { id: number }).id
}

/**
 * A chat event stream read with fetch, live once its `ready` frame has arrived: `nextFrame`
 * answers each following frame (its `id:` and `data:` lines), null once the stream ended.
 */
export async function openEventStream(base: string, headers: Record<string, string>, pieceId: number) {
  const controller = new AbortController()
  const response = await fetch(`${base}/api/private/chat/subscribe?pieceId=${pieceId}`, { headers, signal: controller.signal })
  if (!response.ok || !response.body) throw new Error(`subscribe answered ${response.status}`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const nextFrame = async (): Promise<string | null> => {
    let cut: number
    while ((cut = buffer.indexOf('\n\n')) < 0) {
      const { value, done } = await reader.read()
      if (done) return null
      buffer += decoder.decode(value, { stream: true })
    }
    const frame = buffer.slice(0, cut)
    buffer = buffer.slice(cut + 2)
    return frame
  }
  await nextFrame()
  return { nextFrame, signal: controller.signal, close: () => controller.abort() }
}

/**
 * CPU seconds used so far by each living process whose command line holds `text` (a
 * PostgreSQL backend's names its database). A process that ended takes its count along.
 */
export function cpuSecondsByProcess(text: string) {
  const found = new Map<number, number>()
  for (const [pid, fields] of processStats()) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) found.set(pid, (fields[11]! + fields[12]!) / TICKS)
    } catch {
      // gone meanwhile
    }
  }
  return found
}
