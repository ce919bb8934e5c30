import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'
import { freePort } from '../../db/embedded'

export type Child = {
  child: ChildProcess
  exited: Promise<number | null>
  /** Resolves once the process has printed a line matching `pattern`; fails if it exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>
  output: () => string
  /** The process's JSON log so far (app/lib/log.server.ts, on standard output), a parsed object per line; any other line fails. */
  logLines: () => LogLine[]
}

/**
 * Free ports for a process's listeners, none of them the same (freePort alone may hand out
 * one twice). Never a free port plus one: the next port up may be any connection's own end.
 */
export async function distinctFreePorts<N extends number>(count: N): Promise<Ports<N>> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports] as Ports<N>
}

/** `count` numbers, as a tuple: `[number, number]` for 2. */
type Ports<N extends number, T extends number[] = []> = T['length'] extends N ? T : Ports<N, [...T, number]>

export type LogLine = { level: string; time: string; msg: string; role?: string; component?: string; reqId?: string } & Record<string, unknown>

/** The compiled process entries, as `npm start` and `npm run worker` run them (the test run builds them first). */
export const WEB = 'build/node/server.js'
export const WORKER = 'build/node/worker.js'

/**
 * Runs one of the product's compiled entry points (WEB, WORKER) as its own process, with
 * plain Node as `npm start` does, and kills whatever a test file left running when it ends.
 */
export function processRunner(baseEnv: () => Record<string, string>) {
  const children: ChildProcess[] = []
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')))

  return function run(script: string, env: Record<string, string>): Child {
    const child = spawn(process.execPath, [script], {
      // The whole log (the test process itself logs warnings only): tests wait for its lines.
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', LOG_FORMAT: 'json', ...baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    let stdout = ''
    let changed = () => {}
    const append = (chunk: Buffer) => {
      output += chunk
      changed()
    }
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk
      append(chunk)
    })
    child.stderr!.on('data', append)
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    const waitFor = (pattern: RegExp, timeoutMs = 60_000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}:\n${output}`)), timeoutMs)
        const check = () => {
          if (pattern.test(output)) {
            clearTimeout(timer)
            resolve()
          }
        }
        changed = check
        void exited.then(() => {
          clearTimeout(timer)
          if (pattern.test(output)) resolve()
          else reject(new Error(`exited early:\n${output}`))
        })
        check()
      })
    // Standard output only: standard error may carry Node's and npm's own warnings.
    const logLines = () =>
      stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          try {
            return JSON.parse(line) as LogLine
          } catch {
            throw new Error(`not a JSON log line: ${line}`)
          }
        })
    return { child, exited, waitFor, output: () => output, logLines }
  }
}
