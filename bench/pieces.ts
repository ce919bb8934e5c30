import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, get } from 'node:http'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { ensureBuild } from '../scripts/ensure-build'
import { createTestDatabase } from '../tests/support/database'
import { signUpWithToken, startProduct, stop, type Figures } from './lib'

/**
 * `npm run bench:pieces`: 10,000 Pieces (2,000 of them the signed-in user's, with shared
 * timestamps), then the list and by-name calls over HTTP through the built product, and the
 * query plans that show which index serves each call.
 */
const PORT = 3430
const TOTAL = 10_000
const OWN = 2_000
const OTHER_OWNERS = 80
/** Latency is judged at a moderate load; throughput at saturation is what rps shows. */
const CONNECTIONS = 4
const PREVIEW_CONNECTIONS = 50
const DURATION = 6

await ensureBuild()
const database = await createTestDatabase('bench')
const db = postgres(database.url, { max: 2, onnotice: () => {} })
const product = await startProduct({ DATABASE_URL: database.url, RATE_LIMIT_READS_PER_MINUTE: '0', WORKERS: 'off' }, PORT)
const base = `http://127.0.0.1:${PORT}`

try {
  const auth = await signUpWithToken(base, 'pieces')
  const [owner] = await db<{ id: number }[]>`select id::int as id from users order by id desc limit 1`
  await seed(owner!.id)

  const ownNames = (await db<{ name: string }[]>`select name from pieces where user_id = ${owner!.id}`).map((row) => row.name)
  const publicNames = (await db<{ name: string }[]>`select name from pieces where visibility = 'public' limit 2000`).map((row) => row.name)
  const [middle] = await db<{ updatedAt: Date; id: number }[]>`
    select updated_at as "updatedAt", id::int as id from pieces where user_id = ${owner!.id}
    order by updated_at desc, id desc offset ${OWN / 2} limit 1`
  const [galleryMiddle] = await db<{ updatedAt: Date; id: number }[]>`
    select updated_at as "updatedAt", id::int as id from pieces where visibility = 'public'
    order by updated_at desc, id desc offset 3000 limit 1`
  const deepCursor = encodeURIComponent(`${middle!.updatedAt.toISOString()}_${middle!.id}`)
  const galleryCursor = encodeURIComponent(`${galleryMiddle!.updatedAt.toISOString()}_${galleryMiddle!.id}`)
  const pick = (names: string[]) => names[Math.floor(Math.random() * names.length)]!

  const targets: { label: string; path: string | (() => string); headers?: Record<string, string> }[] = [
    { label: 'GET /api/private/pieces?limit=25', path: '/api/private/pieces?limit=25', headers: auth },
    { label: 'GET /api/private/pieces?limit=20&starting_after (page 50)', path: `/api/private/pieces?limit=20&starting_after=${deepCursor}`, headers: auth },
    { label: 'GET /api/private/pieces/by-name (random own)', path: () => `/api/private/pieces/by-name?name=${pick(ownNames)}&_t=${Date.now()}`, headers: auth },
    { label: 'GET /api/opt/pieces/by-name (random public, anonymous)', path: () => `/api/opt/pieces/by-name?name=${pick(publicNames)}` },
    { label: 'GET /api/opt/pieces?limit=12 (gallery)', path: '/api/opt/pieces?limit=12' },
    { label: 'GET /api/opt/pieces?limit=12&starting_after (deep)', path: `/api/opt/pieces?limit=12&starting_after=${galleryCursor}` },
  ]
  const rows: ({ target: string } & Figures)[] = []
  for (const target of targets) {
    rows.push({ target: target.label, ...(await measure(target.path, target.headers ?? {})) })
  }

  const preview = await measurePreview(publicNames[0]!)

  const plans = {
    ownList: await plan(db`
      explain (analyze, buffers, costs off, timing off, summary off)
      select p.id, p.name, u.uid from pieces p join users u on u.id = p.user_id
      where p.user_id = ${owner!.id} order by p.updated_at desc, p.id desc limit 26`),
    ownListAfterCursor: await plan(db`
      explain (analyze, buffers, costs off, timing off, summary off)
      select p.id, p.name, u.uid from pieces p join users u on u.id = p.user_id
      where p.user_id = ${owner!.id} and (p.updated_at, p.id) < (${middle!.updatedAt}::timestamptz, ${middle!.id}::bigint)
      order by p.updated_at desc, p.id desc limit 21`),
    byName: await plan(db`
      explain (analyze, buffers, costs off, timing off, summary off)
      select p.id, p.code, u.uid from pieces p join users u on u.id = p.user_id
      where p.name = ${ownNames[0]!} and p.user_id = ${owner!.id}`),
    gallery: await plan(db`
      explain (analyze, buffers, costs off, timing off, summary off)
      select p.id, p.name, u.uid from pieces p join users u on u.id = p.user_id
      where p.visibility = 'public' and (p.updated_at, p.id) < (${galleryMiddle!.updatedAt}::timestamptz, ${galleryMiddle!.id}::bigint)
      order by p.updated_at desc, p.id desc limit 13`),
  }

  console.log(`\nPieces benchmark: ${TOTAL} Pieces (${OWN} of them the caller's), ${CONNECTIONS} connections, ${DURATION} s per target`)
  console.log('target'.padEnd(58), 'rps'.padStart(6), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'errors'.padStart(7))
  rows.forEach(printRow)
  console.log(`\nPreview origin vs a bare node:http server answering the same ${preview.bytes} bytes (${PREVIEW_CONNECTIONS} connections):`)
  preview.rows.forEach(printRow)
  console.log(`ratio 200: ${preview.ratio200}%   ratio 304: ${preview.ratio304}%`)
  for (const [name, lines] of Object.entries(plans)) console.log(`\nEXPLAIN ${name}:\n  ${lines.join('\n  ')}`)

  const indexes = {
    ownList: plans.ownList.some((line) => line.includes('pieces_owner_recent_idx')),
    ownListAfterCursor: plans.ownListAfterCursor.some((line) => line.includes('pieces_owner_recent_idx')),
    byName: plans.byName.some((line) => line.includes('pieces_name_key')),
    gallery: plans.gallery.some((line) => line.includes('pieces_public_recent_idx')),
  }
  console.log('\nindex used:', indexes)

  mkdirSync('bench/results', { recursive: true })
  const result = {
    date: new Date().toISOString(),
    pieces: TOTAL,
    callerPieces: OWN,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    rows,
    preview,
    indexes,
    plans,
  }
  writeFileSync('bench/results/pieces.json', `${JSON.stringify(result, null, 2)}\n`)
} finally {
  await stop(product.child)
  await db.end()
  await database.drop()
}
process.exit(0)

/**
 * The caller's Pieces come in bursts of four sharing one timestamp (as a script creating
 * several at once would); everyone else's are spread over a year. 70 % public, 20 %
 * members-only, 10 % private; each carries about 2 KB of code.
 */
async function seed(ownerId: number) {
  const owners = await db<{ id: number }[]>`
    insert into users (uid, email, username)
    select 'bench-' || g, 'bench-' || g || '@example.com', 'bench_' || g from generate_series(1, ${OTHER_OWNERS}) g
    returning id::int as id`
  const ownerIds = owners.map((row) => row.id)
  await db`
    insert into pieces (name, description, visibility, user_id, code, updated_at)
    select 'mine_' || g, 'Piece number ' || g,
           case when g % 10 < 7 then 'public' when g % 10 < 9 then 'members' else 'private' end,
           ${ownerId}, repeat('<div class="row">Hello</div>', 70),
           date_trunc('second', now()) - ((g / 4) * interval '1 minute')
    from generate_series(1, ${OWN}) g`
  await db`
    insert into pieces (name, description, visibility, user_id, code, updated_at)
    select 'other_' || g, 'Piece number ' || g,
           case when g % 10 < 7 then 'public' when g % 10 < 9 then 'members' else 'private' end,
           (${ownerIds}::bigint[])[1 + g % ${OTHER_OWNERS}], repeat('<div class="row">Hello</div>', 70),
           now() - random() * interval '365 days'
    from generate_series(1, ${TOTAL - OWN}) g`
  await db`vacuum analyze pieces`
  await db`vacuum analyze users`
}

async function measure(path: string | (() => string), headers: Record<string, string>): Promise<Figures> {
  const dynamic = typeof path === 'function'
  const result = await autocannon({
    url: `${base}${dynamic ? path() : path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    ...(dynamic ? { requests: [{ method: 'GET' as const, setupRequest: (request: autocannon.Request) => ({ ...request, path: path() }) }] } : {}),
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/**
 * The preview origin serving a Piece document (its signed address taken from the public
 * page, as a browser gets it) next to a bare node:http server with the same bytes and
 * ETag handling, in the same run; both plain 200s and 304 revalidations.
 */
async function measurePreview(name: string) {
  const page = await (await fetch(`${base}/${name}`)).text()
  const src = /<iframe[^>]+src="([^"]+)"/.exec(page)?.[1]?.replaceAll('&amp;', '&')
  if (!src) throw new Error('no preview frame on the public page')
  // The Piece's own host (p{id}.localhost) is resolved by browsers, not by Node: connect to
  // loopback and name the host in the header.
  const address = new URL(src)
  const pieceHost = address.host
  address.hostname = '127.0.0.1'
  const loopback = address.toString()
  const first = await getWithHost(loopback, pieceHost)
  if (first.status !== 200) throw new Error(`preview answered ${first.status}`)
  const { body, etag } = first
  const bare = createServer((request, response) => {
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { ETag: etag })
      return response.end()
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ETag: etag, 'Content-Length': body.length })
    response.end(body)
  })
  await new Promise<void>((resolve) => bare.listen(PORT + 5, '127.0.0.1', resolve))
  const bareUrl = `http://127.0.0.1:${PORT + 5}/`
  try {
    const run = async (url: string, headers: Record<string, string> = {}) => {
      const result = await autocannon({ url, connections: PREVIEW_CONNECTIONS, duration: DURATION, headers })
      return {
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx - (headers['if-none-match'] ? (result['3xx'] ?? 0) : 0),
      }
    }
    const previewOk = await run(loopback, { host: pieceHost })
    const bareOk = await run(bareUrl)
    const preview304 = await run(loopback, { host: pieceHost, 'if-none-match': etag })
    const bare304 = await run(bareUrl, { 'if-none-match': etag })
    return {
      bytes: body.length,
      rows: [
        { target: 'preview origin GET /p/{id} (200)', ...previewOk },
        { target: 'bare node:http (200)', ...bareOk },
        { target: 'preview origin If-None-Match (304)', ...preview304 },
        { target: 'bare node:http If-None-Match (304)', ...bare304 },
      ],
      ratio200: Math.round((previewOk.rps / bareOk.rps) * 100),
      ratio304: Math.round((preview304.rps / bare304.rps) * 100),
    }
  } finally {
    bare.close()
  }
}

function getWithHost(url: string, host: string) {
  return new Promise<{ status: number; body: Buffer; etag: string }>((resolve, reject) => {
    get(url, { headers: { host } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), etag: String(response.headers.etag) }))
    }).on('error', reject)
  })
}

async function plan(query: Promise<Record<string, string>[]>) {
  return (await query).map((row) => row['QUERY PLAN']!)
}

function printRow(row: Figures & { target: string }) {
  console.log(
    row.target.padEnd(58),
    String(row.rps).padStart(6),
    String(row.p50).padStart(7),
    String(row.p99).padStart(7),
    String(row.errors + row.non2xx).padStart(7),
  )
}
