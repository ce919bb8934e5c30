import { SIGN_IN_LOCKOUT_MINUTES } from './constants'

/** Messages of our own (the spec's exact strings live with their feature). */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.'
export const NOT_FOUND_MESSAGE = 'Not found'
export const INVALID_JSON_MESSAGE = 'The request body must be valid JSON.'
export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.'
export const TOO_MANY_SIGN_IN_ATTEMPTS_MESSAGE = `Too many failed sign-in attempts. Please wait ${SIGN_IN_LOCKOUT_MINUTES} minutes and try again.`
export const DATABASE_UNAVAILABLE_TITLE = 'Temporarily unavailable'
export const DATABASE_UNAVAILABLE_MESSAGE = 'Pieces is temporarily unavailable. Please try again in a moment.'

/** A form post whose body cannot be read (a malformed multipart body): answered 400 (server/remix.ts). */
export const MALFORMED_FORM_MESSAGE = 'The form could not be read. Please try again.'
