import sharp, { type Metadata, type Sharp } from 'sharp'
import { DomainError } from '~/lib/errors'
import { MAX_IMAGE_INPUT_PIXELS, MAX_IMAGE_UPLOAD_BYTES, PieceMessages } from './schema'

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif'
export type ProcessedImage = { bytes: Buffer; mime: ImageMime; width: number; height: number }
export type CropArea = { x: number; y: number; width: number; height: number }

/** Spec 1 §5: the longer side, the size over which files are re-encoded, and the qualities. */
export const IMAGE_MAX_SIDE = 2048
export const REENCODE_ABOVE_BYTES = 500 * 1024
export const REENCODE_QUALITY = 85
export const CROP_QUALITY = 90
/** A re-encoding more than this much larger than the original is dropped for the original. */
export const MAX_GROWTH = 1.1

/** Formats browsers show everywhere: these may be kept as uploaded. */
const WEB_FORMATS: Partial<Record<string, ImageMime>> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' }
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'svg', 'heif'])
const WHITE = { r: 255, g: 255, b: 255 }

/**
 * Spec 1 §5 on the server: at most 2048 px on the longer side; over 500 KB or oversized
 * becomes JPEG at quality 85 unless that grows the file by more than 10 %; a small image in
 * a web format is kept. Nothing private survives: EXIF, XMP, IPTC and comments are stripped
 * (an upload carrying them is re-encoded, after applying its EXIF orientation).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const meta = await inspect(input)
  const { width, height } = orientedSize(meta)
  const oversized = Math.max(width, height) > IMAGE_MAX_SIDE
  const webMime = WEB_FORMATS[meta.format]
  const small = input.length <= REENCODE_ABOVE_BYTES
  if (webMime && !oversized && small) return keptOriginal(input, meta, webMime)
  if (!webMime && !oversized && small && meta.hasAlpha) return encode(decode(input).png({ compressionLevel: 9 }), 'image/png')
  const jpeg = await encode(fitted(input).flatten({ background: WHITE }).jpeg({ quality: REENCODE_QUALITY, mozjpeg: true }), 'image/jpeg')
  if (webMime && !oversized && jpeg.bytes.length > input.length * MAX_GROWTH) return keptOriginal(input, meta, webMime)
  return jpeg
}

/**
 * The crop dialog's output (spec 1 §5): JPEG at quality 90, at most 2048 px on the longer
 * side. Without an area, the centred square (the icon's aspect ratio). Coordinates are in
 * pixels of the upright image.
 */
export async function cropImage(input: Buffer, area?: CropArea): Promise<ProcessedImage> {
  const meta = await inspect(input)
  const size = orientedSize(meta)
  const crop = area ?? centredSquare(size.width, size.height)
  const inside =
    [crop.x, crop.y, crop.width, crop.height].every(Number.isInteger) &&
    crop.x >= 0 &&
    crop.y >= 0 &&
    crop.width > 0 &&
    crop.height > 0 &&
    crop.x + crop.width <= size.width &&
    crop.y + crop.height <= size.height
  if (!inside) throw new DomainError('invalid', PieceMessages.cropOutside)
  const pipeline = decode(input)
    .rotate()
    .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
    .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: WHITE })
    .jpeg({ quality: CROP_QUALITY, mozjpeg: true })
  return encode(pipeline, 'image/jpeg')
}

export function centredSquare(width: number, height: number): CropArea {
  const side = Math.min(width, height)
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), width: side, height: side }
}

/** The bytes of a `data:` URL (base64 or percent-encoded), bounded before decoding. */
export function decodeDataUrl(value: string): Buffer {
  const comma = value.indexOf(',')
  if (!value.startsWith('data:') || comma < 0) throw new DomainError('invalid', PieceMessages.iconInvalid)
  const header = value.slice(5, comma)
  const payload = value.slice(comma + 1)
  const base64 = /;base64$/i.test(header)
  const estimated = base64 ? Math.floor((payload.length * 3) / 4) : payload.length
  if (estimated > MAX_IMAGE_UPLOAD_BYTES + 3) throw new DomainError('too-large', PieceMessages.imageTooLarge)
  if (base64) {
    const clean = payload.replace(/\s+/g, '')
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) throw new DomainError('invalid', PieceMessages.notAnImage)
    return Buffer.from(clean, 'base64')
  }
  try {
    return Buffer.from(decodeURIComponent(payload), 'latin1')
  } catch {
    throw new DomainError('invalid', PieceMessages.notAnImage)
  }
}

/** Size and content checks that run before any pixel is decoded. */
/** An image's header once read as one we take: its format and size are known. */
type Inspected = Metadata & { format: NonNullable<Metadata['format']>; width: number; height: number }

async function inspect(input: Buffer): Promise<Inspected> {
  if (input.length > MAX_IMAGE_UPLOAD_BYTES) throw new DomainError('too-large', PieceMessages.imageTooLarge)
  if (input.length === 0) throw new DomainError('invalid', PieceMessages.notAnImage)
  let meta: Metadata
  try {
    // Only the header is read here, so the pixel limit is applied below with a clear message.
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw new DomainError('invalid', PieceMessages.notAnImage)
  }
  const { format, width, height } = meta
  if (!format || !DECODABLE.has(format) || !width || !height) {
    throw new DomainError('invalid', PieceMessages.notAnImage)
  }
  if (width * height > MAX_IMAGE_INPUT_PIXELS) throw new DomainError('too-large', PieceMessages.imageTooManyPixels)
  return { ...meta, format, width, height }
}

/** The original when it carries nothing to strip; otherwise the same picture in its own format without metadata. */
async function keptOriginal(input: Buffer, meta: Inspected, mime: ImageMime): Promise<ProcessedImage> {
  const orientation = meta.orientation ?? 1
  const carriesMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length || orientation !== 1)
  if (!carriesMetadata) return { bytes: input, mime, width: meta.width, height: meta.height }
  const image = decode(input).rotate()
  if (mime === 'image/png') return encode(image.png({ compressionLevel: 9 }), mime)
  if (mime === 'image/webp') return encode(image.webp({ quality: REENCODE_QUALITY }), mime)
  if (mime === 'image/gif') return encode(image.gif(), mime)
  return encode(image.flatten({ background: WHITE }).jpeg({ quality: REENCODE_QUALITY, mozjpeg: true }), mime)
}

function decode(input: Buffer): Sharp {
  return sharp(input, { limitInputPixels: MAX_IMAGE_INPUT_PIXELS, failOn: 'error' })
}

function fitted(input: Buffer): Sharp {
  return decode(input).rotate().resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
}

async function encode(pipeline: Sharp, mime: ImageMime): Promise<ProcessedImage> {
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true })
    return { bytes: data, mime, width: info.width, height: info.height }
  } catch {
    throw new DomainError('invalid', PieceMessages.notAnImage)
  }
}

/** EXIF orientations 5 to 8 turn the picture by 90°, swapping its sides. */
function orientedSize(meta: Inspected) {
  const swapped = (meta.orientation ?? 1) >= 5
  return { width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height }
}
