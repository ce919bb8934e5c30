import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { DomainError } from '~/lib/errors'
import { centredSquare, cropImage, decodeDataUrl, processImage } from './images.server'
import { MAX_IMAGE_UPLOAD_BYTES, PieceMessages } from './schema'

/** Random pixels: nothing compresses them, so sizes are predictable. */
const noise = (width: number, height: number, channels: 3 | 4 = 3) => sharp(randomBytes(width * height * channels), { raw: { width, height, channels } })

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(DomainError)
  return error as DomainError
}

/** A PNG whose header claims the given size, with (almost) no pixel data: a decompression bomb's shape. */
function pngHeader(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.writeUInt8(8, 8) // bit depth
  ihdr.writeUInt8(2, 9) // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe('processImage (spec 1 §5)', () => {
  it('scales a big PNG to 2048 px on the longer side and re-encodes it as JPEG', async () => {
    const input = await sharp(await noise(300, 150).png().toBuffer())
      .resize(3000, 1500, { kernel: 'nearest' })
      .png()
      .toBuffer()
    const output = await processImage(input)
    expect(output).toMatchObject({ mime: 'image/jpeg', width: 2048, height: 1024 })
    const meta = await sharp(output.bytes).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 1024])
  })

  it('keeps a small PNG exactly as uploaded', async () => {
    const input = await noise(64, 64, 4).png().toBuffer()
    const output = await processImage(input)
    expect(output.mime).toBe('image/png')
    expect(output.bytes.equals(input)).toBe(true)
    expect([output.width, output.height]).toEqual([64, 64])
  })

  it('re-encodes an image over 500 KB as JPEG at quality 85', async () => {
    const input = await noise(600, 600).png().toBuffer()
    expect(input.length).toBeGreaterThan(500 * 1024)
    const output = await processImage(input)
    expect(output.mime).toBe('image/jpeg')
    expect(output.bytes.length).toBeLessThan(input.length)
    expect([output.width, output.height]).toEqual([600, 600])
  })

  it('keeps the original when the JPEG would be more than 10% larger', async () => {
    // Four-level noise: 2 bits a pixel as a palette PNG, far more as JPEG.
    const side = 1500
    const pixels = Buffer.alloc(side * side)
    const random = randomBytes(side * side)
    for (let i = 0; i < pixels.length; i += 1) pixels[i] = (random[i]! & 3) * 85
    const input = await sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
      .png({ palette: true, colours: 4 })
      .toBuffer()
    expect(input.length).toBeGreaterThan(500 * 1024)
    const output = await processImage(input)
    expect(output.mime).toBe('image/png')
    expect(output.bytes.equals(input)).toBe(true)
  })

  it('applies the EXIF orientation and strips EXIF from a JPEG', async () => {
    const input = await noise(200, 100)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'private person', Artist: 'someone at home' } })
      .withMetadata({ orientation: 6 })
      .toBuffer()
    const before = await sharp(input).metadata()
    expect(before.exif).toBeDefined()
    expect(before.orientation).toBe(6)
    const output = await processImage(input)
    const after = await sharp(output.bytes).metadata()
    expect(output.mime).toBe('image/jpeg')
    expect(after.exif).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect([after.width, after.height]).toEqual([100, 200])
    expect(output.bytes.includes(Buffer.from('private person'))).toBe(false)
  })

  it('strips metadata from a small PNG without changing its format', async () => {
    const input = await noise(32, 32)
      .png()
      .withExif({ IFD0: { Artist: 'someone at home' } })
      .toBuffer()
    const output = await processImage(input)
    expect(output.mime).toBe('image/png')
    expect((await sharp(output.bytes).metadata()).exif).toBeUndefined()
  })

  it('accepts images by content, whatever they claim to be, and converts formats browsers may not show', async () => {
    const tiff = await processImage(await noise(40, 30).tiff().toBuffer())
    expect(tiff).toMatchObject({ mime: 'image/jpeg', width: 40, height: 30 })
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48"><circle cx="24" cy="24" r="20" fill="red"/></svg>')
    expect(await processImage(svg)).toMatchObject({ mime: 'image/png', width: 48, height: 48 })
    const gif = await noise(16, 16).gif().toBuffer()
    expect((await processImage(gif)).mime).toBe('image/gif')
  })

  it('refuses what is not an image', async () => {
    for (const input of [Buffer.from('hello, I am a text file'), Buffer.from('<html><script>alert(1)</script></html>'), Buffer.alloc(0)]) {
      const error = await failure(processImage(input))
      expect(error.kind).toBe('invalid')
      expect(error.message).toBe(PieceMessages.notAnImage)
    }
  })

  it('refuses an upload over the size limit before decoding it', async () => {
    const error = await failure(processImage(Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES + 1)))
    expect(error.kind).toBe('too-large')
    expect(error.message).toBe(PieceMessages.imageTooLarge)
  })

  it('refuses a decompression bomb from its header', async () => {
    for (const side of [10_000, 100_000]) {
      const bomb = pngHeader(side, side)
      expect(bomb.length).toBeLessThan(100)
      const meta = await sharp(bomb, { limitInputPixels: false }).metadata()
      expect([meta.width, meta.height]).toEqual([side, side])
      const error = await failure(processImage(bomb))
      expect(error.kind).toBe('too-large')
      expect(error.message).toBe(PieceMessages.imageTooManyPixels)
      expect((await failure(cropImage(bomb))).kind).toBe('too-large')
    }
  })
})

describe('cropImage', () => {
  it('defaults to the centred square, as JPEG at quality 90', async () => {
    const input = await noise(300, 200).png().toBuffer()
    const output = await cropImage(input)
    expect(output).toMatchObject({ mime: 'image/jpeg', width: 200, height: 200 })
    expect(centredSquare(300, 200)).toEqual({ x: 50, y: 0, width: 200, height: 200 })
  })

  it('takes an area in pixels of the upright image', async () => {
    const input = await noise(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    // Upright, the picture is 200 wide and 300 high.
    const output = await cropImage(input, { x: 0, y: 250, width: 200, height: 50 })
    expect([output.width, output.height]).toEqual([200, 50])
    expect((await sharp(output.bytes).metadata()).format).toBe('jpeg')
  })

  it('refuses an area outside the image', async () => {
    const input = await noise(100, 100).png().toBuffer()
    for (const area of [
      { x: 50, y: 50, width: 60, height: 10 },
      { x: -1, y: 0, width: 10, height: 10 },
      { x: 0, y: 0, width: 0, height: 10 },
      { x: 0.5, y: 0, width: 10, height: 10 },
    ]) {
      const error = await failure(cropImage(input, area))
      expect(error.kind).toBe('invalid')
      expect(error.message).toBe(PieceMessages.cropOutside)
    }
  })
})

describe('decodeDataUrl', () => {
  it('decodes base64 and percent-encoded data URLs', () => {
    expect(decodeDataUrl(`data:image/png;base64,${Buffer.from('abc').toString('base64')}`).toString()).toBe('abc')
    expect(decodeDataUrl('data:image/svg+xml,%3Csvg%3E').toString()).toBe('<svg>')
  })

  it('refuses what is not a data URL, and oversized payloads before decoding', () => {
    expect(() => decodeDataUrl('https://example.com/a.png')).toThrow(PieceMessages.iconInvalid)
    expect(() => decodeDataUrl('data:image/png;base64,@@@@')).toThrow(PieceMessages.notAnImage)
    const huge = `data:image/png;base64,${'A'.repeat(Math.ceil((MAX_IMAGE_UPLOAD_BYTES * 4) / 3) + 8)}`
    expect(() => decodeDataUrl(huge)).toThrow(PieceMessages.imageTooLarge)
  })
})
