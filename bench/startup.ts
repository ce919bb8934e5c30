import { spawn } from 'node:child_process'
import { ensureBuild } from '../scripts/ensure-build'
import { percentiles, rssMb, stop, WEB_ENTRY, WORKER_ENTRY } from './lib'

/**
 * `npm run bench:startup`: how long the web process and the worker take from launch to ready,
 * and the memory each holds once idle (issue 28.4). Runs the compiled entries with plain Node
 * as `npm start` and `npm run worker` do; BENCH_WEB_ARGS / BENCH_WORKER_ARGS (JSON arrays of
 * Node arguments) run something else, e.g. `["--import","tsx","scripts/start.ts"]` for the
 * TypeScript entries of before, in the checkout BENCH_CWD names. Needs DATABASE_URL (the
 * machine's PostgreSQL).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 5)
const PORT = Number(process.env.BENCH_PORT ?? 3330)
if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)')
const webArgs = JSON.parse(process.env.BENCH_WEB_ARGS ?? JSON.stringify([WEB_ENTRY])) as string[]
const workerArgs = JSON.parse(process.env.BENCH_WORKER_ARGS ?? JSON.stringify([WORKER_ENTRY])) as string[]
if (!process.env.BENCH_WEB_ARGS) await ensureBuild()

const settings = { HOST: '127.0.0.1', PORT: String(PORT), PREVIEW_PORT: String(PORT + 1), LOG_FORMAT: 'json' }

/** Launches `args`, resolves once `ready` says so: the time it took and the idle memory 2 s later. */
async function once(args: string[], extra: Record<string, string>, ready: (output: string) => Promise<boolean> | boolean) {
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd: process.env.BENCH_CWD ?? process.cwd(),
    env: { ...process.env, NODE_ENV: 'production', ...settings, ...extra },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  while (!(await ready(output))) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const ms = performance.now() - started
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const rss = rssMb(child.pid!)
  await stop(child)
  return { ms, rss }
}

const answers = async () => {
  try {
    return (await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok
  } catch {
    return false
  }
}
const kinds = {
  'web (WORKERS=off)': () => once(webArgs, { WORKERS: 'off' }, answers),
  'web with workers': () => once(webArgs, { WORKERS: 'on' }, answers),
  worker: () => once(workerArgs, {}, (output) => /workers running/.test(output)),
}

console.log(`${RUNS} runs each: ${webArgs.join(' ')} | ${workerArgs.join(' ')}`)
for (const [kind, run] of Object.entries(kinds)) {
  const results = []
  for (let i = 0; i < RUNS; i++) results.push(await run())
  const ms = percentiles(results.map((result) => result.ms))
  const rss = percentiles(results.map((result) => result.rss))
  console.log(`${kind.padEnd(18)} ready in p50 ${Math.round(ms.p50)} ms (max ${Math.round(ms.max)}), idle RSS p50 ${Math.round(rss.p50)} MB`)
}
