import type { FormWords } from '~/lib/form-reply'
import { AuthMessages } from './schema'

/** Spec 1 §8, word for word, plus our two success notices. */
export const GoogleMessages = {
  signInRequiredToLink: 'You must be logged in with an email to link accounts',
  alreadyLinked: 'Your account is already linked to Google',
  cancelled: 'Google sign-in was cancelled',
  linkedToAnother: 'This Google account is already linked to another account',
  reauthenticate: 'For security reasons, please sign in again before linking accounts',
  linkFailed: 'Failed to link Google account',
  signInFailed: 'Failed to sign in with Google',
  emailRegistered: AuthMessages.alreadyRegistered,
  signInRequiredToUnlink: 'You must be logged in to unlink accounts',
  onlyMethod: 'Cannot unlink your only authentication method',
  unlinkFailed: 'Failed to unlink Google account',
  linked: 'Google account linked',
  unlinked: 'Google account unlinked',
} as const

/** The unlink dialog says an unlink that got no answer as its failure toast (every answer of the server is a redirect with its toast). */
export const UNLINK_FORM_WORDS: FormWords = { failure: () => GoogleMessages.unlinkFailed }

/** `/settings?google=link-failed`: the inline banner that goes with the 'Failed to link' toast. */
export const LINK_FAILED_PARAM = 'google'
export const LINK_FAILED_VALUE = 'link-failed'
