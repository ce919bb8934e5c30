import { HONEYPOT_FIELD } from './constants'

/** A filled honeypot means a bot: answer as if all went well, keep nothing. */
export function isBot(formData: FormData) {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}
