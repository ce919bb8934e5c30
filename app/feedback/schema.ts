import { z } from 'zod'
import type { FormWords } from '~/lib/form-reply'
import { PRODUCT_NAME } from '~/lib/constants'
import { lines } from '~/lib/text'

/** The longest feedback kept (the database says so too). */
export const FEEDBACK_MAX = 2000

export const FeedbackMessages = {
  placeholder: `Help us improve ${PRODUCT_NAME}`,
  trigger: 'Share Feedback',
  contact: 'Something wrong? Contact us',
  thanks: 'Thank you',
  thanksDetail: 'Your feedback helps us make Pieces better.',
  failed: 'Failed to submit feedback',
  blank: 'Please write your feedback first',
  tooLong: `Feedback can be at most ${FEEDBACK_MAX} characters`,
} as const

/** Spec 2 §7 call 16 and the popover's form: `content`, trimmed, not blank. */
export const FeedbackSchema = z.object({
  content: lines({ error: FeedbackMessages.blank }).trim().min(1, FeedbackMessages.blank).max(FEEDBACK_MAX, FeedbackMessages.tooLong),
})

/** Where the popover posts, with and without JavaScript. */
export const FEEDBACK_RESOURCE = '/resources/feedback'
/** `?feedback=sent` shows the thank-you without JavaScript. */
export const FEEDBACK_PARAM = 'feedback'

/** What the popover says of a refusal (the form kit: app/lib/form-reply.ts): the failure toast, and why; the text stays. */
export const FEEDBACK_FORM_WORDS: FormWords = { failure: () => FeedbackMessages.failed }
