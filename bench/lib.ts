import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number }

export async function measure(url: string, { connections = 50, duration = 8 } = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration })
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
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
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
