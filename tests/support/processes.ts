import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll } from 'vitest'

export type Child = {
  child: ChildProcess
  exited: Promise<number | null>
  /** Resolves once the process has printed a line matching `pattern`; fails if it exits first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<void>
  output: () => string
}

/**
 * Runs one of the product's entry points (`scripts/start.ts`, `jobs/worker.ts`) as its own
 * process, as `npm start` would, and kills whatever a test file left running when it ends.
 */
export function processRunner(baseEnv: () => Record<string, string>) {
  const children: ChildProcess[] = []
  afterAll(() => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL')))

  return function run(script: string, env: Record<string, string>): Child {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...baseEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    let changed = () => {}
    const append = (chunk: Buffer) => {
      output += chunk
      changed()
    }
    child.stdout!.on('data', append)
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
    return { child, exited, waitFor, output: () => output }
  }
}
