import type { FormWords } from '~/lib/form-reply'
import { z } from 'zod'
import { EMAIL_PATTERN, lines, text } from '~/lib/text'

export const CONTACT_MESSAGE_MAX = 1000
export const CONTACT_NAME_MIN = 2

export const ContactMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 1000 characters',
  nameTooShort: 'Name must be at least 2 characters',
  sendFailed: 'Failed to send message',
  thankYouTitle: 'Thank you',
  thankYouText: "Your message has been received. We'll get back to you as soon as we can.",
} as const

const optionalTrimmed = text()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))

const contactFields = {
  name: optionalTrimmed.pipe(text().min(CONTACT_NAME_MIN, ContactMessages.nameTooShort).optional()),
  message: lines({ error: ContactMessages.messageRequired })
    .trim()
    .min(1, ContactMessages.messageRequired)
    .max(CONTACT_MESSAGE_MAX, ContactMessages.messageTooLong),
}

const contactEmail = text({ error: ContactMessages.emailRequired })
  .trim()
  .min(1, ContactMessages.emailRequired)
  .regex(EMAIL_PATTERN, ContactMessages.emailInvalid)

/** Visitors give an email; signed-in users are not asked for one (their account's is used). */
export const ContactSchema = z.object({ ...contactFields, email: contactEmail })
export const SignedInContactSchema = z.object(contactFields)

export const WaitlistMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  alreadyOnList: 'This email is already on our waitlist!',
  alreadySignedUp: "You're already signed up!",
  failed: 'Signup failed. Please contact us.',
  checkEmail: 'Please check your email',
  success: "You're all set!",
} as const

/** The contact form shows a refusal under the form; one of the whole submission is the failure toast. */
export const CONTACT_FORM_WORDS: FormWords = { failure: () => ContactMessages.sendFailed, inPlace: () => '' }

/** Spec 2: an invalid form's toast "Please check your email"; any other failure "Signup failed. Please contact us." */
export const WAITLIST_FORM_WORDS: FormWords = { failure: () => WaitlistMessages.failed, invalid: WaitlistMessages.checkEmail, inPlace: () => 'email' }

export const WaitlistSchema = z.object({
  email: text({ error: WaitlistMessages.emailRequired }).trim().min(1, WaitlistMessages.emailRequired).regex(EMAIL_PATTERN, WaitlistMessages.emailInvalid),
})
