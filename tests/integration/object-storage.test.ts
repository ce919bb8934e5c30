import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type PgBoss from 'pg-boss'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBoss } from '../../runtime/boss'
import { startWorkers } from '../../jobs/worker'
import { sql } from '../../app/lib/db.server'
import { getEnv } from '../../app/lib/env.server'
import { DomainError } from '../../app/lib/errors'
import { getObjectStore, STORAGE_UNAVAILABLE_MESSAGE } from '../../app/lib/object-store.server'
import { enqueueJob } from '../../app/lib/jobs.server'
import { QUEUES } from '../../app/lib/queues'
import { processImage } from '../../app/pieces/images.server'
import { createPiece, updatePiece } from '../../app/pieces/pieces.server'
import { saveScreenshot } from '../../app/pieces/screenshots.server'
import { collectUnusedImages, IMAGE_GRACE_HOURS, loadImage, parseImageUrl, storeGeneratedImage, storeImage } from '../../app/pieces/storage.server'
import * as piecesApi from '../../app/routes/api/api.private.pieces'
import { startS3Fake, type S3Fake } from '../fakes/s3'
import { eventually, newUser, setBillingEnv } from '../support/billing'
import { serveImage, servedBytes } from '../support/images'
import { requestRoute, type RouteHandler } from '../support/routes'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

/**
 * Issue 16.3: images go through one object store, the local directory or an S3-compatible
 * bucket (the S3 fake, through the real @aws-sdk/client-s3), and the same tests hold for both.
 */

const PAST_GRACE_MS = (IMAGE_GRACE_HOURS + 1) * 3_600_000
const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const

/** A store under test: how to look inside it, age an object, and take it down, from outside the product's code. */
type Backend = {
  name: string
  start: () => Promise<void>
  stop: () => Promise<void>
  has: (key: string) => boolean
  remove: (key: string) => void
  age: (key: string) => void
  /** Writes an object the product never recorded (a write whose transaction failed). */
  plant: (key: string, bytes: Buffer) => void
  down: (isDown: boolean) => void
}

const localRoot = () => path.resolve(getEnv().DATA_DIR, 'images')
const localFile = (key: string) => path.join(localRoot(), key.slice(0, 2), key)

const local: Backend = {
  name: 'the local directory',
  start: async () => setBillingEnv(Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined]))),
  stop: async () => {},
  has: (key) => existsSync(localFile(key)),
  remove: (key) => rmSync(localFile(key)),
  age: (key) => {
    const when = new Date(Date.now() - PAST_GRACE_MS)
    utimesSync(localFile(key), when, when)
  },
  plant: (key, bytes) => {
    mkdirSync(path.dirname(localFile(key)), { recursive: true })
    writeFileSync(localFile(key), bytes)
  },
  // A directory that cannot be used (a file in its place, as an unmounted volume might leave).
  down: (isDown) => {
    if (isDown) {
      mkdirSync(localRoot(), { recursive: true })
      renameSync(localRoot(), `${localRoot()}.aside`)
      writeFileSync(localRoot(), 'not a directory')
    } else {
      rmSync(localRoot())
      renameSync(`${localRoot()}.aside`, localRoot())
    }
  },
}

let fake: S3Fake
const s3: Backend = {
  name: 'an S3-compatible bucket',
  start: async () => {
    fake = await startS3Fake()
    setBillingEnv({
      S3_BUCKET: fake.bucket,
      S3_ENDPOINT: fake.endpoint,
      S3_REGION: fake.region,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    })
  },
  stop: async () => {
    setBillingEnv(Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined])))
    await fake.close()
  },
  has: (key) => fake.objects.has(`images/${key}`),
  remove: (key) => void fake.objects.delete(`images/${key}`),
  age: (key) => fake.age(`images/${key}`, PAST_GRACE_MS),
  plant: (key, bytes) => {
    fake.objects.set(`images/${key}`, { bytes, contentType: 'image/png', modifiedAt: new Date(), etag: '"planted"' })
  },
  down: (isDown) => fake.fail(isDown),
}

let colour = 0
/** A small PNG unlike any other this run made, processed as an upload is. */
async function uniqueImage() {
  colour += 1
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: { r: colour % 256, g: (colour >> 8) % 256, b: 77 } } })
    .png()
    .toBuffer()
  return processImage(png)
}

const keyOf = (url: string) => url.slice('/images/'.length)
const hashOf = (url: string) => parseImageUrl(url)!.hash
const ageRow = (url: string) => sql`update images set created_at = now() - make_interval(hours => ${IMAGE_GRACE_HOURS + 1}) where hash = ${hashOf(url)}`
const rowExists = async (url: string) => (await sql`select 1 from images where hash = ${hashOf(url)}`).length === 1

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  return error instanceof DomainError ? { kind: error.kind, message: error.message } : error
}

describe.each([local, s3])('images in $name', (backend) => {
  beforeAll(backend.start)
  afterAll(backend.stop)

  it('names the store it runs on', () => {
    expect(getObjectStore().description).toMatch(backend === s3 ? `S3-compatible bucket ${fake.bucket} at ${fake.endpoint}` : /^local directory \/.*\/images$/)
  })

  it('stores an upload once per content and serves it with immutable caching', async () => {
    const image = await uniqueImage()
    const [first, second] = [await newUser('storage'), await newUser('storage')]
    const url = await storeImage(first.id, image)
    expect(url).toMatch(/^\/images\/[0-9a-f]{64}\.png$/)
    expect(backend.has(keyOf(url))).toBe(true)
    expect((await loadImage(hashOf(url)))?.legacyBytes).toBeNull()

    // The same bytes from someone else: the same address, one row, one object, two upload records.
    expect(await storeImage(second.id, image)).toBe(url)
    expect((await sql`select 1 from images where hash = ${hashOf(url)}`).length).toBe(1)
    expect((await sql`select 1 from image_uploads where hash = ${hashOf(url)}`).length).toBe(2)
    if (backend === s3) expect([...fake.objects.keys()].filter((key) => key === `images/${keyOf(url)}`)).toHaveLength(1)

    const served = await serveImage(url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(served.headers.get('content-length')).toBe(String(image.bytes.length))
    expect(Buffer.from(await served.arrayBuffer()).equals(image.bytes)).toBe(true)
    const etag = served.headers.get('etag')!
    expect(etag).toBe(`"${hashOf(url)}"`)
    expect((await serveImage(url, { 'If-None-Match': etag })).status).toBe(304)
  })

  it('answers 404, not 500, for an image whose object is gone and for an address never stored', async () => {
    const url = await storeGeneratedImage(await uniqueImage())
    backend.remove(keyOf(url))
    expect((await serveImage(url)).status).toBe(404)
    expect((await serveImage(`/images/${'0'.repeat(64)}.png`)).status).toBe(404)
  })

  it('refuses clearly while the store is down, records nothing, and works again once it is back', async () => {
    const user = await newUser('storage')
    const stored = await storeGeneratedImage(await uniqueImage())
    const image = await uniqueImage()
    const hash = createHash('sha256').update(image.bytes).digest('hex')
    backend.down(true)
    try {
      const served = await serveImage(stored)
      expect(served.status).toBe(503)
      expect(served.headers.get('retry-after')).toBe('30')
      expect(served.headers.get('cache-control')).toBe('no-store')
      expect(await served.text()).toBe(STORAGE_UNAVAILABLE_MESSAGE)
      expect(await refusal(storeImage(user.id, image))).toEqual({ kind: 'unavailable', message: STORAGE_UNAVAILABLE_MESSAGE })
      expect(await sql`select 1 from images where hash = ${hash}`).toHaveLength(0)
      expect(await sql`select 1 from image_uploads where hash = ${hash}`).toHaveLength(0)
    } finally {
      backend.down(false)
    }
    expect((await serveImage(stored)).status).toBe(200)
    expect(await storeImage(user.id, image)).toMatch(hash)
  })

  it('stores an icon uploaded through the API, and answers the API client clearly while the store is down', async () => {
    const user = await newUser('storage')
    const piece = await createPiece(user.id, { name: `store_${Math.random().toString(36).slice(2, 9)}` })
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 10, g: (colour += 1) % 256, b: 200 } } })
      .png()
      .toBuffer()
    const patch = () =>
      requestRoute(piecesApi.action as RouteHandler, 'PATCH', `/api/private/pieces?id=${piece.id}`, user.auth, {
        icon: `data:image/png;base64,${png.toString('base64')}`,
      })
    backend.down(true)
    let refused: Response
    try {
      refused = await patch()
    } finally {
      backend.down(false)
    }
    expect(refused.status).toBe(502)
    expect(await refused.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE })
    const saved = await patch()
    expect(saved.status).toBe(200)
    const { icon } = (await saved.json()) as { icon: string }
    expect(backend.has(keyOf(icon))).toBe(true)
    expect((await sharp(await servedBytes(icon)).metadata()).width).toBe(40)
  })

  it('stores a screenshot and its thumbnail through the store', async () => {
    const user = await newUser('storage')
    const piece = await createPiece(user.id, { name: `store_${Math.random().toString(36).slice(2, 9)}` })
    await updatePiece(user.id, piece.id, { code: '<h1>Shot</h1>' })
    const [row] = await sql<{ version: string }[]>`
      select floor(extract(epoch from updated_at) * 1000)::bigint::text as version from pieces where id = ${piece.id}`
    const png = await sharp({ create: { width: 1280, height: 800, channels: 3, background: { r: 20, g: 160, b: 90 } } })
      .png()
      .toBuffer()
    const saved = (await saveScreenshot(piece.id, row!.version, png))!
    for (const url of [saved.screenshot, saved.thumbnail]) {
      expect(backend.has(keyOf(url))).toBe(true)
      expect((await sharp(await servedBytes(url)).metadata()).format).toBe('webp')
    }
  })

  it('serves an image stored in the table before the object store, from its row', async () => {
    const image = await uniqueImage()
    const hash = createHash('sha256').update(image.bytes).digest('hex')
    await sql`insert into images (hash, mime, bytes, width, height) values (${hash}, ${image.mime}, ${image.bytes}, ${image.width}, ${image.height})`
    const url = `/images/${hash}.png`
    expect(backend.has(keyOf(url))).toBe(false)
    expect((await servedBytes(url)).equals(image.bytes)).toBe(true)
    // Stored again, it moves to the store and the row lets go of its bytes.
    expect(await storeGeneratedImage(image)).toBe(url)
    expect(backend.has(keyOf(url))).toBe(true)
    expect((await loadImage(hash))?.legacyBytes).toBeNull()
  })

  it('collects images nothing references once past the grace period, from the table and the store', async () => {
    const user = await newUser('storage')
    const piece = await createPiece(user.id, { name: `store_${Math.random().toString(36).slice(2, 9)}` })
    const store = async () => storeImage(user.id, await uniqueImage())
    const [icon, screenshot, thumbnail, inDraft, orphan, fresh] = [await store(), await store(), await store(), await store(), await store(), await store()]
    const draft = { exchanges: [{ assistantMessage: { content: `see ${inDraft}`, attachments: [] } }] }
    await sql`
      update pieces set icon = ${icon}, screenshot = ${`http://localhost:3000${screenshot}`}, screenshot_thumbnail = ${thumbnail},
        draft = ${sql.json(draft)} where id = ${piece.id}`
    for (const url of [icon, screenshot, thumbnail, inDraft, orphan]) {
      await ageRow(url)
      backend.age(keyOf(url))
    }
    // An object the table never recorded, old and new.
    const strayOld = `${'a'.repeat(63)}${colour % 10}.png`
    const strayNew = `${'b'.repeat(63)}${colour % 10}.png`
    backend.plant(strayOld, Buffer.from('lost write'))
    backend.age(strayOld)
    backend.plant(strayNew, Buffer.from('write in flight'))

    const removed = await collectUnusedImages()
    expect(removed.images).toBeGreaterThanOrEqual(1)
    expect(removed.strayObjects).toBeGreaterThanOrEqual(1)
    for (const url of [icon, screenshot, thumbnail, inDraft, fresh]) {
      expect([url, await rowExists(url), backend.has(keyOf(url))]).toEqual([url, true, true])
    }
    expect([await rowExists(orphan), backend.has(keyOf(orphan))]).toEqual([false, false])
    expect((await serveImage(orphan)).status).toBe(404)
    expect([backend.has(strayOld), backend.has(strayNew)]).toEqual([false, true])
    backend.remove(strayNew)

    // Once the Piece lets go of its icon, the icon goes too.
    await sql`update pieces set icon = '' where id = ${piece.id}`
    await collectUnusedImages()
    expect([await rowExists(icon), backend.has(keyOf(icon))]).toEqual([false, false])
  })

  it('keeps every row when the store cannot delete, so the next run tries again', async () => {
    const url = await storeGeneratedImage(await uniqueImage())
    await ageRow(url)
    backend.down(true)
    try {
      expect(await refusal(collectUnusedImages())).toEqual({ kind: 'unavailable', message: STORAGE_UNAVAILABLE_MESSAGE })
    } finally {
      backend.down(false)
    }
    expect(await rowExists(url)).toBe(true)
    await collectUnusedImages()
    expect([await rowExists(url), backend.has(keyOf(url))]).toEqual([false, false])
  })
})

describe('a bucket that cannot be reached', () => {
  it('is a clear refusal for readers and writers, not a 500', async () => {
    const gone = await startS3Fake()
    await gone.close()
    setBillingEnv({
      S3_BUCKET: gone.bucket,
      S3_ENDPOINT: gone.endpoint,
      S3_ACCESS_KEY_ID: gone.accessKeyId,
      S3_SECRET_ACCESS_KEY: gone.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
    })
    try {
      const image = await uniqueImage()
      const hash = createHash('sha256').update(image.bytes).digest('hex')
      await sql`insert into images (hash, mime, width, height) values (${hash}, ${image.mime}, ${image.width}, ${image.height})`
      const served = await serveImage(`/images/${hash}.png`)
      expect([served.status, await served.text()]).toEqual([503, STORAGE_UNAVAILABLE_MESSAGE])
      expect(await refusal(storeGeneratedImage(await uniqueImage()))).toEqual({ kind: 'unavailable', message: STORAGE_UNAVAILABLE_MESSAGE })
    } finally {
      setBillingEnv(Object.fromEntries(S3_VARIABLES.map((name) => [name, undefined])))
    }
  })
})

describe('the image-gc job', () => {
  let boss: PgBoss
  let stopWorkers: () => Promise<void>
  beforeAll(async () => {
    boss = await startBoss(process.env.DATABASE_URL!)
    stopWorkers = await startWorkers(boss)
  })
  afterAll(async () => {
    await stopWorkers()
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
    forgetProcessBoss()
  })

  it('runs from its queue and removes an unreferenced image past its grace', async () => {
    const url = await storeGeneratedImage(await uniqueImage())
    await ageRow(url)
    await enqueueJob(QUEUES.imageGc.name, {})
    await eventually(
      () => rowExists(url),
      (exists) => expect(exists).toBe(false),
    )
    expect(local.has(keyOf(url))).toBe(false)
  })
})
