import { z } from 'zod'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL_BYTES, MAX_MESSAGE_CHARS } from '~/lib/constants'
import type { Attachment } from '~/pieces/draft-schema'
import { PIECE_CODE_MAX, PieceIdField } from '~/pieces/schema'
import { jsonObject, jsonValue, lines, text } from '~/lib/text'
import { SendTargetSchema } from './visual/edits'

export const SendMessages = {
  empty: 'Write a message or attach an image',
  tooManyAttachments: `At most ${MAX_ATTACHMENTS} images can be attached`,
  notAnImage: 'Attachments must be images',
  attachmentTooLarge: `Each image must be ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB or smaller`,
  attachmentsTooLarge: `Images must be ${MAX_ATTACHMENTS_TOTAL_BYTES / 1024 / 1024} MB or smaller together`,
  messageTooLong: `Messages must be ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters or less`,
  inProgress: 'Another generation in progress',
  busy: 'All builders are busy right now. Your message is kept: please send it again in a minute. No tokens were charged.',
  failed: 'Something went wrong',
} as const

const DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i
/** Base64 grows bytes by 4/3; the URL's prefix is small. */
const MAX_ATTACHMENT_URL = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 100

/** A sent image: what it becomes is the draft's attachment (app/pieces/draft-schema.ts), checked strictly here. */
export const AttachmentSchema = z.object({
  id: text().max(100).optional(),
  type: z.literal('image', { error: SendMessages.notAnImage }),
  url: text({ error: SendMessages.notAnImage }).max(MAX_ATTACHMENT_URL, SendMessages.attachmentTooLarge).regex(DATA_URL, SendMessages.notAnImage),
}) satisfies z.ZodType<Attachment>

const HistoryMessage = z.object({
  role: z.enum(['user', 'assistant'], { error: 'messageHistory roles must be user or assistant' }),
  content: lines({ error: 'messageHistory content must be text' }).max(MAX_MESSAGE_CHARS, SendMessages.messageTooLong),
  attachments: z.array(jsonValue()).optional(),
})

/** Spec 2 §7 call 7. */
export const SendBody = z
  .object({
    pieceId: PieceIdField,
    message: lines({ error: 'message must be text' }).max(MAX_MESSAGE_CHARS, SendMessages.messageTooLong).optional().default(''),
    attachments: z
      .array(AttachmentSchema, { error: 'attachments must be a list' })
      .max(MAX_ATTACHMENTS, SendMessages.tooManyAttachments)
      .optional()
      .default([]),
    code: lines({ error: 'code must be text' }).max(PIECE_CODE_MAX, `code must be ${PIECE_CODE_MAX} characters or less`).optional(),
    draftData: jsonObject().nullable().optional(),
    messageHistory: z.array(HistoryMessage, { error: 'messageHistory must be a list' }).max(100).optional().default([]),
    selectedModel: text({ error: 'selectedModel must be text' }).max(50).optional(),
    /** Issue 30.4: the element picked in the preview, which the turn is about. */
    target: SendTargetSchema.optional(),
    /** Issue 40.4: "Redo this change": the message is built in one call, with no plan (only that call is charged). */
    redo: z.boolean({ error: 'redo must be true or false' }).optional(),
  })
  .refine((body) => body.message.trim().length > 0 || body.attachments.length > 0, SendMessages.empty)

export type SendInput = z.infer<typeof SendBody>
