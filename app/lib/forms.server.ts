import type { Submission } from '@conform-to/react'
import { HONEYPOT_FIELD } from './constants'
import { RATE_LIMITED_MESSAGE } from './messages'

/** A filled honeypot means a bot: answer as if all went well, keep nothing. */
export function isBot(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}

/** The reply for a submission over the strict rate limit; what was typed stays. */
export function rateLimitedReply(submission: Submission<unknown>) {
  return submission.reply({ formErrors: [RATE_LIMITED_MESSAGE] })
}
