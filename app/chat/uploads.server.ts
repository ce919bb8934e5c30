import sharp from 'sharp'
import { DomainError } from '~/lib/errors'
import { MAX_IMAGE_INPUT_PIXELS } from '~/pieces/schema'
import { SendMessages } from '~/generation/send-schema'
import type { Attachment } from '~/pieces/draft-schema'

/**
 * Images picked without JavaScript arrive as files; the chat keeps every image as a data
 * URL (spec 2 §3 attachment), as the page with JavaScript reads them. The type comes from
 * the decoded content, never from the file's name or the browser's word.
 */
export async function imagesAsAttachments(files: File[]): Promise<Attachment[]> {
  return Promise.all(
    files.map(async (file) => {
      const bytes = Buffer.from(await file.arrayBuffer())
      const metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_INPUT_PIXELS })
        .metadata()
        .catch(() => null)
      if (!metadata?.format) throw new DomainError('invalid', SendMessages.notAnImage)
      return { type: 'image' as const, url: `data:image/${metadata.format};base64,${bytes.toString('base64')}` }
    }),
  )
}
