import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import compression from 'compression'
import type { NextFunction, Request, Response } from 'express'

export type Encoding = 'br' | 'gzip'

/** Below this, an encoding costs more in headers and CPU than it saves. */
export const MIN_BYTES = 1024
const COMPRESSIBLE = /\.(js|css|svg|json|map)$/

/** The best of the offered encodings that the client accepts (a q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, offered: readonly Encoding[] = ['br', 'gzip']): Encoding | null {
  const accepted = new Map<string, number>()
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return offered.find(allows) ?? null
}

/** A page kept by the page cache, in each encoding, made once when it is stored. */
export function encodeEach(body: Buffer): Partial<Record<Encoding, Buffer>> {
  if (body.length < MIN_BYTES) return {}
  return {
    // Fast settings: this runs on the request that fills the cache.
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 6 }),
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible build asset, at the highest settings:
 * it runs once per build, and the server then sends the smaller file (docs/decisions/0032).
 */
export async function precompressDirectory(directory: string) {
  const names = (await readdir(directory, { recursive: true })).filter((name) => COMPRESSIBLE.test(name))
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(directory, name)
      const body = await readFile(file)
      if (body.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        promisify(gzip)(body, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    }),
  )
}

const EXTENSION_OF: Record<Encoding, string> = { br: '.br', gzip: '.gz' }

/**
 * Serves the precompressed sibling of a build asset when the client accepts one; anything
 * else falls through to `express.static`. Asset names carry content hashes, so the sibling
 * is the same content for as long as the name exists.
 */
export function precompressedAssets(directory: string) {
  const root = path.resolve(directory)
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const encoding = chooseEncoding(req.headers['accept-encoding'])
    if (!encoding || !COMPRESSIBLE.test(req.path)) return next()
    let file: string
    try {
      file = path.resolve(root, `.${decodeURIComponent(req.path)}`)
    } catch {
      return next()
    }
    const sibling = `${file}${EXTENSION_OF[encoding]}`
    if (!file.startsWith(`${root}${path.sep}`) || !existsSync(sibling)) return next()
    res.type(path.extname(file))
    res.setHeader('Content-Encoding', encoding)
    res.setHeader('Vary', 'Accept-Encoding')
    res.sendFile(sibling, { immutable: true, maxAge: '1y', dotfiles: 'deny' }, (error) => error && next(error))
  }
}

/**
 * Pages as they are rendered (those the page cache does not answer: the first render of a
 * shared page, every signed-in page), compressed on the way out by the `compression`
 * middleware. Only HTML: server-sent events must reach the client as they are written, and
 * single-fetch data streams its promises.
 */
export function compressDocuments() {
  return compression({
    threshold: MIN_BYTES,
    filter: (_req, res) => String(res.getHeader('Content-Type') ?? '').startsWith('text/html'),
  })
}
