import { randomBytes } from 'node:crypto'
import { constants, crc32, deflateRawSync } from 'node:zlib'

/** Gzip's member header: deflate, no flags, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff])
/** A final, empty block of fixed codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/**
 * A kept page with holes where its CSP nonce stood, so that every copy sent gets a nonce of
 * its own (docs/decisions/0051). The page is split at the nonce once, when it is stored; a
 * copy is the parts joined by the new nonce. Its gzip copy is made without compressing again:
 * each part is compressed once on its own (a sync flush ends it byte-aligned with nothing
 * referring back into it), and a nonce goes between them as an uncompressed (stored) block,
 * so a copy is the same bytes with the nonce written in and a fresh checksum.
 */
export class NonceSlots {
  private readonly parts: Buffer[]
  private readonly deflated: Buffer[] | null
  /** The checksum of the first part, the bulk of a page (its nonces stand in the scripts at its end). */
  private readonly headChecksum: number
  private readonly size: number

  constructor(body: Buffer, nonce: string, { gzip }: { gzip: boolean }) {
    this.parts = splitAt(body, Buffer.from(nonce))
    this.deflated = gzip ? this.parts.map((part) => deflateRawSync(part, { level: 6, finishFlush: constants.Z_SYNC_FLUSH })) : null
    this.headChecksum = crc32(this.parts[0] ?? Buffer.alloc(0))
    this.size = body.length
  }

  /** Whether the page holds the nonce at all (a page without one is kept as it is). */
  get holdsNonce() {
    return this.parts.length > 1
  }

  get gzipped() {
    return this.deflated !== null
  }

  /** The page with this nonce in every hole, as the chunks to send (nothing is copied). */
  fill(nonce: string): Buffer[] {
    return interleave(this.parts, Buffer.from(nonce))
  }

  /** The gzip copy of `fill(nonce)`, as chunks; needs `gzip` on construction. */
  gzip(nonce: string): Buffer[] {
    if (!this.deflated) throw new Error('This page was kept without its gzip parts')
    const filler = Buffer.from(nonce)
    const stored = Buffer.concat([storedBlockHeader(filler.length), filler])
    let checksum = this.headChecksum
    for (const part of this.parts.slice(1)) checksum = crc32(part, crc32(filler, checksum))
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(checksum >>> 0, 0)
    // A nonce is always as long as the one it replaces, so the page keeps its size.
    trailer.writeUInt32LE(this.size >>> 0, 4)
    return [GZIP_HEADER, ...interleave(this.deflated, stored), FINAL_BLOCK, trailer]
  }
}

/** Random bytes drawn a few kilobytes at a time: a page cache hit takes 16 of them. */
let pool = Buffer.alloc(0)
let taken = 0

/** A nonce for one response's inline scripts: 16 random bytes, always 24 characters. */
export function newNonce() {
  if (taken + 16 > pool.length) {
    pool = randomBytes(4096)
    taken = 0
  }
  taken += 16
  return pool.toString('base64', taken - 16, taken)
}

/** A header's value with every nonce replaced (the policy names it). */
export function replaceNonce(value: string, nonce: string, fresh: string) {
  return value.split(nonce).join(fresh)
}

/** Non-final stored block of `length` bytes: three header bits padded to a byte, LEN, NLEN (RFC 1951 §3.2.4). */
function storedBlockHeader(length: number) {
  const header = Buffer.alloc(5)
  header.writeUInt16LE(length, 1)
  header.writeUInt16LE(~length & 0xffff, 3)
  return header
}

function splitAt(body: Buffer, separator: Buffer) {
  const parts: Buffer[] = []
  let from = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, from)) {
    parts.push(body.subarray(from, at))
    from = at + separator.length
  }
  parts.push(body.subarray(from))
  return parts
}

function interleave(parts: Buffer[], filler: Buffer) {
  const pieces: Buffer[] = []
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(filler)
    pieces.push(part)
  })
  return pieces
}
