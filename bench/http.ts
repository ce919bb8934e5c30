import { spawn } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { ensureBuild } from '../scripts/ensure-build'
import { measure, rssMb, startProduct, stop, waitFor, type Figures } from './lib'

/**
 * `npm run bench:http`: public pages and a static asset of the built product next to a bare
 * node:http server serving the same bytes, plus idle memory and start-up times.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3310)
const BARE_PORT = PORT + 10
const DATA_DIR = '.data-bench'

await ensureBuild()
rmSync(DATA_DIR, { recursive: true, force: true })
const productEnv = { DATA_DIR, RATE_LIMIT_READS_PER_MINUTE: '0', DATABASE_URL: '' }

const first = await startProduct(productEnv, PORT)
await stop(first.child)
const product = await startProduct(productEnv, PORT)
await new Promise((resolve) => setTimeout(resolve, 2000))
const idleRss = rssMb(product.child.pid!)

const base = `http://127.0.0.1:${PORT}`
const landingHtml = await (await fetch(`${base}/landing`)).text()
const asset = /href="(\/assets\/[^"]+\.css)"/.exec(landingHtml)?.[1]
if (!asset) throw new Error('no stylesheet found on /landing')
const paths = ['/landing', '/privacy', asset]

const bodies: Record<string, { type: string; body: string }> = {}
for (const path of paths) {
  const response = await fetch(`${base}${path}`)
  bodies[path] = { type: response.headers.get('content-type') ?? 'text/plain', body: Buffer.from(await response.arrayBuffer()).toString('base64') }
}
const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts', String(BARE_PORT), JSON.stringify(bodies)], { stdio: 'ignore' })
await waitFor(`http://127.0.0.1:${BARE_PORT}/landing`, 10_000)

const rows: { path: string; product: Figures; bare: Figures; ratio: number }[] = []
for (const path of paths) {
  const productFigures = await measure(`${base}${path}`)
  const bareFigures = await measure(`http://127.0.0.1:${BARE_PORT}${path}`)
  rows.push({ path, product: productFigures, bare: bareFigures, ratio: productFigures.rps / bareFigures.rps })
}
// As a browser asks for it: compressed (each copy with a nonce of its own, decision 0051), against the bare server's plain bytes.
const compressed = await measure(`${base}/landing`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
const plainBare = rows.find((row) => row.path === '/landing')?.bare
if (plainBare) rows.push({ path: '/landing (gzip or br)', product: compressed, bare: plainBare, ratio: compressed.rps / plainBare.rps })
const busyRss = rssMb(product.child.pid!)
await stop(product.child)
bare.kill('SIGTERM')

console.log('\nHTTP benchmark: 50 connections, 8 s per target, on this machine')
console.log('path'.padEnd(40), 'product rps', 'bare rps', 'ratio', 'p50 ms', 'p99 ms', 'errors')
for (const row of rows) {
  console.log(
    row.path.padEnd(40),
    String(row.product.rps).padStart(11),
    String(row.bare.rps).padStart(8),
    `${(row.ratio * 100).toFixed(0)}%`.padStart(5),
    String(row.product.p50).padStart(6),
    String(row.product.p99).padStart(6),
    String(row.product.errors + row.product.non2xx).padStart(6),
  )
}
console.log(`idle RSS ${idleRss} MB, RSS after load ${busyRss} MB`)
console.log(`start-up: first run ${first.startupMs} ms (new embedded database), existing database ${product.startupMs} ms`)

mkdirSync('bench/results', { recursive: true })
const result = { date: new Date().toISOString(), rows, idleRssMb: idleRss, busyRssMb: busyRss, firstStartMs: first.startupMs, warmStartMs: product.startupMs }
writeFileSync('bench/results/http.json', `${JSON.stringify(result, null, 2)}\n`)
rmSync(DATA_DIR, { recursive: true, force: true })
process.exit(0)
