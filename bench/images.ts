import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import postgres from 'postgres'
import sharp from 'sharp'
import { parseEnv } from '../app/lib/env.server'
import { getObjectStore } from '../app/lib/object-store.server'
import { ensureBuild } from '../scripts/ensure-build'
import { startS3Fake } from '../tests/fakes/s3'
import { createTestDatabase } from '../tests/support/database'
import { startProduct, stop, type Figures } from './lib'

/**
 * `npm run bench:images`: /images/{hash}.{ext} through the built product, streamed from each
 * object store (the local directory, and an S3-compatible bucket played by the S3 fake on
 * this machine), and from a row stored before the object store (bytes in PostgreSQL), for
 * comparison. 200 thumbnail-sized WebP images, requests spread over all of them; a 304
 * (If-None-Match, the browser's revalidation) never touches the store; its answers count as non-2xx.
 */
const PORT = Number(process.env.BENCH_PORT ?? 3450)
const IMAGES = 200
const CONNECTIONS = 8
const DURATION = 6

await ensureBuild()
const database = await createTestDatabase('bench')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const dataDir = mkdtempSync(path.join(tmpdir(), 'pieces-bench-images-'))
const s3 = await startS3Fake()
const s3Env = {
  S3_BUCKET: s3.bucket,
  S3_ENDPOINT: s3.endpoint,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'on',
}
const stores = { local: getObjectStore(parseEnv({ DATA_DIR: dataDir })), s3: getObjectStore(parseEnv({ DATA_DIR: dataDir, ...s3Env })) }

try {
  const urls: string[] = []
  const legacyUrls: string[] = []
  for (let i = 0; i < IMAGES * 2; i += 1) {
    // Noise, so each image is as large as a busy gallery thumbnail rather than a flat colour.
    const { data, info } = await sharp({
      create: { width: 640, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128 + (i % 64), sigma: 12 } },
    })
      .webp({ quality: 70 })
      .toBuffer({ resolveWithObject: true })
    const hash = createHash('sha256').update(data).digest('hex')
    const legacy = i >= IMAGES
    await db`insert into images (hash, mime, bytes, width, height) values (${hash}, 'image/webp', ${legacy ? data : null}, ${info.width}, ${info.height})`
    if (legacy) legacyUrls.push(`/images/${hash}.webp`)
    else {
      await stores.local.put(`${hash}.webp`, data, 'image/webp')
      await stores.s3.put(`${hash}.webp`, data, 'image/webp')
      urls.push(`/images/${hash}.webp`)
    }
  }
  const averageBytes = Math.round([...s3.objects.values()].reduce((total, object) => total + object.bytes.length, 0) / s3.objects.size)

  const run = async (label: string, paths: string[], headers: Record<string, string> = {}) => {
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: paths.map((p) => ({ method: 'GET' as const, path: p, headers })),
    })
    const figures: Figures = {
      rps: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    }
    console.log(
      `${label.padEnd(48)} ${String(figures.rps).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}`,
    )
    return { label, ...figures }
  }

  const results = []
  console.log(`${IMAGES} images of ${averageBytes} bytes on average; ${CONNECTIONS} connections, ${DURATION} s each`)
  for (const mode of ['local', 's3'] as const) {
    const product = await startProduct(
      { DATABASE_URL: database.url, DATA_DIR: dataDir, RATE_LIMIT_READS_PER_MINUTE: '0', WORKERS: 'off', ...(mode === 's3' ? s3Env : {}) },
      PORT,
    )
    try {
      results.push(await run(`GET /images/… from ${mode === 's3' ? 'the S3 fake' : 'the local directory'}`, urls))
      if (mode === 'local') {
        results.push(await run('GET /images/… from PostgreSQL (rows from before)', legacyUrls))
        results.push(await run('GET /images/… revalidated (304)', urls.slice(0, 1), { 'If-None-Match': `"${urls[0]!.slice(8, 72)}"` }))
      }
    } finally {
      await stop(product.child)
    }
  }
  mkdirSync('bench/results', { recursive: true })
  writeFileSync('bench/results/images.json', `${JSON.stringify({ images: IMAGES, averageBytes, connections: CONNECTIONS, results }, null, 2)}\n`)
} finally {
  await db.end()
  await s3.close()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
}
