import { execSync } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTestDatabase } from '../tests/support/database'
import { percentiles } from './lib'

/**
 * `npm run bench:screenshots`: the screenshot job's time per Piece with the browser warm
 * (load from the preview origin, settle, capture, two WebP encodes, store), p50/p95, and the
 * memory of the worker process and of its Chromium. Runs the job function in this process
 * against a preview listener of its own, on a fresh database.
 */
const RUNS = 30
const database = await createTestDatabase('benchshots')
const preview = createServer()
await new Promise<void>((resolve) => preview.listen(0, '127.0.0.1', resolve))
const port = (preview.address() as AddressInfo).port
Object.assign(process.env, {
  DATABASE_URL: database.url,
  PREVIEW_PORT: String(port),
  PREVIEW_ORIGIN: `http://localhost:${port}`,
  SESSION_SECRET: 'bench-screenshots-secret-0123456789abcdef',
})

const { getEnv } = await import('../app/lib/env.server')
const { createPreviewHandler } = await import('../server/preview')
const { registerWithPassword } = await import('../app/accounts/accounts.server')
const { createPiece } = await import('../app/pieces/pieces.server')
const { setPlan } = await import('../app/billing/subscription.server')
const { sql } = await import('../app/lib/db.server')
const { takeScreenshot } = await import('../jobs/screenshot')
const { closeBrowser } = await import('../jobs/browser')
const handler = createPreviewHandler(getEnv())
preview.on('request', (req, res) => void handler(req, res))

/** Every Chromium process this bench's browser runs (its descendants), summed. */
const chromiumRssMb = () => {
  const tree = execSync(`ps -e -o pid=,ppid=,rss=,comm=`)
    .toString()
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
  const ours = new Set([String(process.pid)])
  let total = 0
  for (let grew = true; grew;) {
    grew = false
    for (const [pid, ppid, rss, comm] of tree) {
      if (!ours.has(pid!) && ours.has(ppid!)) {
        ours.add(pid!)
        if (comm?.includes('chrom')) total += Number(rss)
        grew = true
      }
    }
  }
  return Math.round(total / 1024)
}

try {
  const created = await registerWithPassword(`bench.${Date.now()}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  await setPlan(created.userId, 'plus')
  const times: number[] = []
  for (let run = 0; run <= RUNS; run += 1) {
    const piece = await createPiece(created.userId, { name: `bench_${run}_${Math.random().toString(36).slice(2, 7)}` })
    // Each Piece differs, so every run encodes and stores new images.
    await sql`update pieces set code = ${`<!doctype html><body style="font:16px sans-serif;background:hsl(${run * 11},70%,60%)"><h1>Piece ${run}</h1><ul>${'<li>item</li>'.repeat(20)}</ul></body>`} where id = ${piece.id}`
    const started = performance.now()
    const result = await takeScreenshot(piece.id)
    if (typeof result !== 'object') throw new Error(`run ${run}: ${result}`)
    // The first run launches the browser; the figures are for a warm one.
    if (run > 0) times.push(performance.now() - started)
  }
  const { p50, p95 } = percentiles(times)
  console.log(`screenshot job, browser warm, ${RUNS} Pieces: p50 ${Math.round(p50)} ms, p95 ${Math.round(p95)} ms`)
  console.log(`memory: worker process ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB RSS, Chromium processes ${chromiumRssMb()} MB RSS`)
} finally {
  await closeBrowser()
  await sql.end({ timeout: 5 })
  preview.close()
  await database.drop()
}
