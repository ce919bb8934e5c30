import { z } from 'zod'
import { MAX_ATTACHMENTS, MAX_MESSAGE_CHARS } from '~/lib/constants'
import { AttachmentSchema, MAX_ATTACHMENT_URLS_TOTAL, SendMessages } from './send-schema'

/**
 * The history point (`historyIndex`) the user saw when they pressed a control: a send
 * builds on it, and Undo or Redo apply only if the draft is still there.
 */
const HistoryPoint = z.coerce.number().int().min(-1).optional()

/**
 * Every chat mutation of the editor page, one form each, told apart by `intent`. The page
 * with JavaScript (fetchers) and without it (plain posts) send the same fields to the
 * same action; attachments travel as `attachments[0].url`… fields (JavaScript only).
 */
export const ChatFormSchema = z.discriminatedUnion('intent', [
  z
    .object({
      intent: z.literal('send'),
      message: z.string().max(MAX_MESSAGE_CHARS, SendMessages.messageTooLong).optional().default(''),
      attachments: z.array(AttachmentSchema).max(MAX_ATTACHMENTS, SendMessages.tooManyAttachments).optional().default([]),
      at: HistoryPoint,
    })
    .refine((form) => form.message.trim().length > 0 || form.attachments.length > 0, SendMessages.empty)
    .refine((form) => form.attachments.reduce((total, { url }) => total + url.length, 0) <= MAX_ATTACHMENT_URLS_TOTAL, {
      message: SendMessages.attachmentsTooLarge,
      path: ['attachments'],
    }),
  z.object({ intent: z.literal('stop') }),
  z.object({ intent: z.literal('undo'), at: HistoryPoint }),
  z.object({ intent: z.literal('redo'), at: HistoryPoint }),
  z.object({ intent: z.literal('accept') }),
  z.object({ intent: z.literal('reject') }),
  z.object({ intent: z.literal('model'), selectedModel: z.string().max(50) }),
])

export type ChatForm = z.infer<typeof ChatFormSchema>
export type ChatIntent = ChatForm['intent']

/** A refused chat form as the page with JavaScript gets it: the status and the error body of the JSON API. */
export type Refusal = { status: number; message: string; requiresSubscription?: boolean }

/** The action's answer to a fetcher (a page load gets a redirect instead). */
export type ChatFormReply = { ok: true; intent: ChatIntent } | { ok: false; refusal: Refusal }
