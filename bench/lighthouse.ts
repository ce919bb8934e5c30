import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ensureBuild } from '../scripts/ensure-build'
import { signUpWithToken, startProduct, stop } from './lib'

/**
 * `npm run bench:lighthouse`: Lighthouse (desktop and mobile) on /landing as a visitor meets
 * it — the built product with a gallery of 12 public Pieces whose screenshots the worker
 * made — driving the system Chromium. Lighthouse is run through npx at a pinned version
 * (it needs no place among the product's dependencies); the first run fetches it.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2'
const PORT = Number(process.env.BENCH_PORT ?? 3740)
const DATA_DIR = '.data-bench-lighthouse'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const GALLERY_SIZE = 12
const SCREENSHOTS_WITHIN_MS = 180_000
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'total-byte-weight']

type Report = { categories: Record<string, { score: number }>; audits: Record<string, { displayValue?: string; numericValue?: number }> }

ensureBuild()
rmSync(DATA_DIR, { recursive: true, force: true })
const product = await startProduct({ DATA_DIR, DATABASE_URL: '', RATE_LIMIT_READS_PER_MINUTE: '0', RATE_LIMIT_FORMS_PER_MINUTE: '0' }, PORT)
const base = `http://localhost:${PORT}`
const reports = mkdtempSync(path.join(tmpdir(), 'pieces-lighthouse-'))

try {
  const screenshots = await seedGallery()
  const results: Record<string, { scores: Record<string, number>; metrics: Record<string, string> }> = {}
  for (const form of ['mobile', 'desktop'] as const) {
    const output = path.join(reports, `${form}.json`)
    runLighthouse(form, output)
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report
    results[form] = {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)])),
      metrics: Object.fromEntries(METRICS.map((id) => [id, report.audits[id]?.displayValue ?? ''])),
    }
  }

  console.log(`\nLighthouse ${LIGHTHOUSE.split('@')[1]} on /landing (gallery of ${GALLERY_SIZE} Pieces, ${screenshots} with screenshots), on this machine`)
  for (const [form, result] of Object.entries(results)) {
    console.log(`${form.padEnd(8)} ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(' · ')}`)
    console.log(
      `${''.padEnd(8)} ${Object.entries(result.metrics)
        .map(([id, value]) => `${id} ${value}`)
        .join(' · ')}`,
    )
  }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/lighthouse.json', `${JSON.stringify({ date: new Date().toISOString(), screenshots, ...results }, null, 2)}\n`)
} finally {
  await stop(product.child)
  rmSync(DATA_DIR, { recursive: true, force: true })
  rmSync(reports, { recursive: true, force: true })
}
process.exit(0)

/**
 * One Lighthouse run. A run that breaks down (on a busy machine Chromium sometimes loses the
 * trace: NO_NAVSTART) is made once more; scores are never re-run for a better number.
 */
function runLighthouse(form: 'mobile' | 'desktop', output: string) {
  for (let attempt = 1; ; attempt += 1) {
    const run = spawnSync(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        `${base}/landing`,
        ...(form === 'desktop' ? ['--preset=desktop'] : []),
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
    )
    if (run.status === 0) return
    if (attempt === 2) throw new Error(`Lighthouse (${form}) exited with ${run.status}`)
  }
}

/**
 * Twelve public Pieces with code from two free accounts (each may own ten), then the
 * worker's screenshots of them: answers how many arrived in time.
 */
async function seedGallery() {
  const owners = [await signUpWithToken(base, 'lighthouse'), await signUpWithToken(base, 'lighthouse')]
  for (let index = 0; index < GALLERY_SIZE; index += 1) {
    const auth = { ...owners[index % owners.length], 'Content-Type': 'application/json' }
    const created = await fetch(`${base}/api/private/pieces`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `gallery_${index}` }) })
    const { id } = (await created.json()) as { id: number }
    const code = `<!doctype html><html><body style="margin:0;font:24px system-ui;background:hsl(${index * 30} 70% 45%);color:white;display:grid;place-items:center;height:100vh"><h1>Piece ${index + 1}</h1></body></html>`
    const updated = await fetch(`${base}/api/private/pieces?id=${id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ code, visibility: 'public', description: `A small app, number ${index + 1}, described in a sentence.` }),
    })
    if (!updated.ok) throw new Error(`PATCH answered ${updated.status}`)
  }
  const deadline = Date.now() + SCREENSHOTS_WITHIN_MS
  let shot = 0
  while (Date.now() < deadline) {
    const page = (await (await fetch(`${base}/api/opt/pieces?limit=${GALLERY_SIZE}`)).json()) as { data: { screenshot: string }[] }
    shot = page.data.filter((piece) => piece.screenshot).length
    if (shot === GALLERY_SIZE) break
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return shot
}
