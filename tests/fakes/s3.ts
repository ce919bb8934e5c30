/**
 * An S3-compatible object store: the REST subset @aws-sdk/client-s3 3.x sends for what the
 * product does, path-style (`{endpoint}/{bucket}/{key}`, so the client needs
 * `forcePathStyle`), answering in S3's XML.
 *
 * - PutObject: `PUT /{bucket}/{key}`, the body as is (the client is set to send checksums only
 *   where S3 requires them, so no aws-chunked bodies arrive); keeps Content-Type and Cache-Control.
 * - GetObject / HeadObject: `GET` / `HEAD /{bucket}/{key}`; a missing key is 404 `NoSuchKey`
 *   (HEAD has no body, as on S3).
 * - DeleteObject: `DELETE /{bucket}/{key}`, 204 whether or not it existed.
 * - DeleteObjects: `POST /{bucket}?delete` with `<Delete><Object><Key>…</Key></Object>…</Delete>`.
 * - ListObjectsV2: `GET /{bucket}?list-type=2` with prefix, max-keys and continuation-token.
 *
 * Requests must be signed with the fake's access key id (the signature itself is not
 * checked); another key is 403 `InvalidAccessKeyId`, another bucket 404 `NoSuchBucket`.
 * `fail(true)` makes every request a 503 (the store down) until `fail(false)`; `age(key, ms)`
 * moves an object's LastModified into the past for garbage-collection tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createHash } from 'node:crypto'
import { listen } from './http'

export type S3Object = { bytes: Buffer; contentType: string; cacheControl?: string; modifiedAt: Date; etag: string }

export type S3Fake = {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  objects: Map<string, S3Object>
  /** Every request the fake answered, as `METHOD path?query`. */
  requests: string[]
  fail: (down: boolean) => void
  age: (key: string, ms: number) => void
  close: () => Promise<void>
}

export type S3FakeOptions = { port?: number; bucket?: string; accessKeyId?: string; secretAccessKey?: string }

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
const xmlUnescape = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

function sendXml(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fake' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`)
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string) {
  if (req.method === 'HEAD') {
    res.writeHead(status, { 'x-amz-request-id': 'fake' })
    res.end()
    return
  }
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>fake</RequestId></Error>`)
}

async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export async function startS3Fake(options: S3FakeOptions = {}): Promise<S3Fake> {
  const bucket = options.bucket ?? 'pieces-test'
  const accessKeyId = options.accessKeyId ?? 'FAKEACCESSKEY'
  const objects = new Map<string, S3Object>()
  const requests: string[] = []
  let down = false

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    if (down) return sendError(req, res, 503, 'ServiceUnavailable', 'The fake is told to be down.')
    const credential = /Credential=([^/]+)\//.exec(req.headers.authorization ?? '')?.[1]
    if (credential !== accessKeyId) return sendError(req, res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.')
    const [, bucketName = '', ...rest] = url.pathname.split('/')
    if (bucketName !== bucket) return sendError(req, res, 404, 'NoSuchBucket', 'The specified bucket does not exist')
    const key = rest.map(decodeURIComponent).join('/')

    if (!key) {
      if (req.method === 'POST' && url.searchParams.has('delete')) {
        const body = (await readBytes(req)).toString('utf8')
        const keys = [...body.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => xmlUnescape(match[1]!))
        for (const name of keys) objects.delete(name)
        const quiet = /<Quiet>true<\/Quiet>/.test(body)
        const deleted = quiet ? '' : keys.map((name) => `<Deleted><Key>${xmlEscape(name)}</Key></Deleted>`).join('')
        return sendXml(res, 200, `<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${deleted}</DeleteResult>`)
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? ''
        const maxKeys = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), 1000)
        const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? ''
        const matching = [...objects.keys()].filter((name) => name.startsWith(prefix) && name > after).sort()
        const page = matching.slice(0, maxKeys)
        const truncated = matching.length > page.length
        const contents = page
          .map((name) => {
            const object = objects.get(name)!
            return `<Contents><Key>${xmlEscape(name)}</Key><LastModified>${object.modifiedAt.toISOString()}</LastModified><ETag>${object.etag}</ETag><Size>${object.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
          })
          .join('')
        const next = truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''
        return sendXml(
          res,
          200,
          `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
        )
      }
      return sendError(req, res, 400, 'NotImplemented', `The fake does not answer ${req.method} on a bucket with ${url.search}`)
    }

    if (req.method === 'PUT') {
      const bytes = await readBytes(req)
      const etag = `"${createHash('md5').update(bytes).digest('hex')}"`
      objects.set(key, {
        bytes,
        contentType: req.headers['content-type'] ?? 'application/octet-stream',
        cacheControl: req.headers['cache-control'],
        modifiedAt: new Date(),
        etag,
      })
      res.writeHead(200, { etag, 'x-amz-request-id': 'fake' })
      res.end()
      return
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key)
      if (!object) return sendError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.')
      res.writeHead(200, {
        'content-type': object.contentType,
        'content-length': String(object.bytes.length),
        etag: object.etag,
        'last-modified': object.modifiedAt.toUTCString(),
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        'x-amz-request-id': 'fake',
      })
      res.end(req.method === 'GET' ? object.bytes : undefined)
      return
    }
    if (req.method === 'DELETE') {
      objects.delete(key)
      res.writeHead(204, { 'x-amz-request-id': 'fake' })
      res.end()
      return
    }
    return sendError(req, res, 405, 'MethodNotAllowed', `The fake does not answer ${req.method} on an object`)
  }

  const server = await listen(handler, options.port ?? 0)
  return {
    endpoint: server.origin,
    bucket,
    region: 'us-east-1',
    accessKeyId,
    secretAccessKey: options.secretAccessKey ?? 'fake-secret-access-key',
    objects,
    requests,
    fail: (value) => {
      down = value
    },
    age: (key, ms) => {
      const object = objects.get(key)
      if (object) object.modifiedAt = new Date(object.modifiedAt.getTime() - ms)
    },
    close: server.close,
  }
}
