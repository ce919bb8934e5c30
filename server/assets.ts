import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { NextFunction, Request, Response } from 'express'
import express from 'express'

type Asset = { body: Buffer; type: string; etag: string }

const MAX_CACHED_BYTES = 64 * 1024 * 1024

/**
 * Build assets have content hashes in their names and never change, so they are read once
 * and served from memory with a year-long immutable cache and an ETag.
 */
export function immutableAssets(dir: string) {
  const root = path.resolve(dir)
  const cache = new Map<string, Asset>()
  let cachedBytes = 0

  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let asset = cache.get(req.path)
    if (!asset) {
      const file = path.resolve(root, `.${decodeURIComponent(req.path)}`)
      if (!file.startsWith(`${root}${path.sep}`)) return next()
      const body = await readFile(file).catch(() => null)
      if (!body) return next()
      asset = {
        body,
        type: express.static.mime.lookup(file),
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      }
      if (cachedBytes + body.length <= MAX_CACHED_BYTES) {
        cache.set(req.path, asset)
        cachedBytes += body.length
      }
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
    res.setHeader('ETag', asset.etag)
    if (req.get('if-none-match') === asset.etag) {
      res.status(304).end()
      return
    }
    res.setHeader('Content-Type', asset.type)
    res.setHeader('Content-Length', asset.body.length)
    res.end(req.method === 'HEAD' ? undefined : asset.body)
  }
}
