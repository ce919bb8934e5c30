import { z } from 'zod'
import type { FormReply, FormWords } from '~/lib/form-reply'
import { PieceMessages } from '~/pieces/schema'
import { ChatToasts } from './messages'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL_BYTES, MAX_MESSAGE_CHARS } from '~/lib/constants'
import { AttachmentSchema, SendMessages } from '~/generation/send-schema'
import { lines, text } from '~/lib/text'
import { SendTargetField, VisualEditField } from '~/generation/visual/edits'
import { ReviewWords } from './builder/review/words'

/**
 * The history point (`historyIndex`) the user saw when they pressed a control: a send
 * builds on it, and Undo or Redo apply only if the draft is still there.
 */
const HistoryPoint = z.coerce.number().int().min(-1).optional()

/** An exchange of the draft's history, by its place. */
const ExchangeIndex = z.coerce.number().int().min(0).max(10_000)

/** The changes of a turn kept, by their place in its operations (none checked sends none). */
const KeptChanges = z.array(z.coerce.number().int().min(0).max(10_000)).max(1_000).optional().default([])

/** Images picked without JavaScript: the files themselves (the page with JavaScript sends them read, as data URLs). */
const ImageFile = z.instanceof(File).refine((file) => file.size <= MAX_ATTACHMENT_BYTES, SendMessages.attachmentTooLarge)

/** Bytes an image takes: a file's size, or a data URL's base64 payload decoded. */
const bytesOfUrl = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4)

/**
 * Every chat mutation of the editor page, one form each, told apart by `intent`. The page
 * with JavaScript (fetchers) and without it (plain posts) send the same fields to the
 * same action. Images travel as `attachments[0].url`… fields (read by the page, or given
 * back by the draft) and, without JavaScript, as picked files (`images`); at most three
 * together, 8 MB in all, so the form stays inside the server's body limit.
 */
export const ChatFormSchema = z.discriminatedUnion(
  'intent',
  [
    z
      .object({
        intent: z.literal('send'),
        message: lines().max(MAX_MESSAGE_CHARS, SendMessages.messageTooLong).optional().default(''),
        attachments: z.array(AttachmentSchema).max(MAX_ATTACHMENTS, SendMessages.tooManyAttachments).optional().default([]),
        images: z.array(ImageFile).optional().default([]),
        at: HistoryPoint,
        /** Spec 2 §4: sent from an earlier point after Confirm Overwrite. */
        overwrite: z.literal('yes').optional(),
        /** Issue 29.1 without JavaScript: not sent, only kept, so the page estimates it. */
        estimate: z.literal('yes').optional(),
        /** Issue 30.4: the element picked in the preview, which the message is about. */
        target: SendTargetField.optional(),
        /** Issue 40.4: "Redo this change": one call, with no plan. */
        redo: z.literal('change').optional(),
      })
      .refine((form) => form.message.trim().length > 0 || form.attachments.length + form.images.length > 0, SendMessages.empty)
      .refine((form) => form.attachments.length + form.images.length <= MAX_ATTACHMENTS, {
        message: SendMessages.tooManyAttachments,
        path: ['images'],
      })
      .refine(
        (form) =>
          form.attachments.reduce((total, { url }) => total + bytesOfUrl(url), 0) + form.images.reduce((total, file) => total + file.size, 0) <=
          MAX_ATTACHMENTS_TOTAL_BYTES,
        { message: SendMessages.attachmentsTooLarge, path: ['attachments'] },
      ),
    z.object({ intent: z.literal('stop') }),
    /** Spec 2 §4: Dismiss after a stop or an error. */
    z.object({ intent: z.literal('dismiss') }),
    z.object({ intent: z.literal('undo'), at: HistoryPoint }),
    z.object({ intent: z.literal('redo'), at: HistoryPoint }),
    z.object({ intent: z.literal('accept') }),
    z.object({ intent: z.literal('reject') }),
    z.object({ intent: z.literal('model'), selectedModel: text().max(50) }),
    /** Issue 30.2: Apply of a visual edit, from the history point the user saw. */
    z.object({ intent: z.literal('visual-edit'), edit: VisualEditField, at: HistoryPoint }),
    /** Issue 40.2: "Apply these changes": the changes of exchange `exchange` kept (the switches, or the checkboxes without JavaScript), from the point the user saw. */
    z.object({ intent: z.literal('review-apply'), exchange: ExchangeIndex, keep: KeptChanges, at: HistoryPoint }),
  ],
  { error: PieceMessages.updateFailed },
)

export type ChatForm = z.infer<typeof ChatFormSchema>
export type ChatIntent = ChatForm['intent']

/**
 * What a chat form that was done answers a fetcher (a page load gets a redirect instead):
 * its intent, and `confirm` when a send waits for Confirm Overwrite (it was made from an
 * earlier point without it).
 */
export type ChatDone = { intent: ChatIntent; confirm?: 'overwrite' }
export type ChatFormReply = FormReply<ChatDone>

const SETTINGS_INTENTS: ReadonlySet<string> = new Set<ChatIntent>(['undo', 'redo', 'accept', 'reject', 'model'])

/**
 * What the chat's forms say of a refusal (the form kit: app/lib/form-reply.ts): a send's
 * shows in the status line (spec 2 §8), with the limit's overlay when it has one; Stop's
 * and the history's and the model's are their toasts.
 */
export const CHAT_FORM_WORDS: FormWords = {
  failure: (sent) =>
    sent.intent === 'stop'
      ? ChatToasts.stopFailed
      : SETTINGS_INTENTS.has(sent.intent ?? '')
        ? ChatToasts.settingsFailed
        : sent.intent === 'review-apply'
          ? ReviewWords.applyFailed
          : undefined,
  // A send's refusal shows in the status line, a visual edit's in its panel (with the offer to ask the assistant).
  inPlace: (sent) => (sent.intent === 'send' || sent.intent === 'visual-edit' ? '' : undefined),
}

/** Without JavaScript, Confirm Overwrite is the editor with `?confirm=overwrite`, rendered open by the server. */
export const CONFIRM_PARAM = 'confirm'
export const CONFIRM_OVERWRITE = 'overwrite'
