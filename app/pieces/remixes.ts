import { z } from 'zod'
import type { FormWords } from '~/lib/form-reply'
import { NAME_MAX } from '~/accounts/schema'

/**
 * Issue 32: remixes, their credit and the gallery's orders, as the pages and the server
 * both say them.
 */
export const RemixMessages = {
  notAllowed: 'The owner of this Piece does not allow remixes.',
  notPublic: 'Only public Pieces can be remixed.',
  nothingToRemix: 'This Piece has nothing to remix yet: it has no saved code.',
  failed: 'Failed to remix Piece',
  noFreeName: 'Could not find a free name for the remix. Please try again.',
  noLongerPublic: 'from a Piece that is no longer public',
  downloadNotAllowed: 'The owner of this Piece does not allow downloads.',
  noCodeToCompare: 'There is nothing to compare: this Piece is not a remix.',
  tooManyChanges: 'Too many changes to show',
  yourPiece: 'Your Piece',
  remixesOff: 'Remixes turned off by its owner',
  /** Issue 39.4: a remix copies code, never what the Piece keeps. */
  dataStartsEmpty: 'Data starts empty in a remix',
} as const

/** A refused remix is the form's failure toast with the reason under it. */
export const REMIX_FORM_WORDS: FormWords = { failure: () => RemixMessages.failed }

/** What a remix says of where it came from: the original's owner and name, and its page while it is public. */
export type Credit = { owner: string; name: string; href: string | null }

export const creditText = (credit: Pick<Credit, 'owner' | 'name'>) => `Remixed from @${credit.owner}/${credit.name}`

/** Issue 37.12: who made a Piece, on its page. */
export const ownerText = (owner: string) => `by @${owner}`

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
/** '1,204 lines, 48,310 characters': a version's size, said when its changes are too many to show. */
export const codeSizeText = (size: { lines: number; characters: number }) =>
  `${count(size.lines, 'line', 'lines')}, ${count(size.characters, 'character', 'characters')}`

/** Where a Piece is remixed, compared and downloaded. */
export const remixPath = (name: string) => `/${name}/remix`
export const comparePath = (name: string) => `/${name}/compare`
export const downloadPath = (name: string) => `/${name}/download`

/** Issue 37.11: an account younger than this neither views as itself nor moves a Piece up by remixing it (docs/decisions/0052). */
export const ESTABLISHED_AFTER_HOURS = 24

/** Issue 32.4: the gallery's orders, in the order its tabs show them; Trending comes first. */
export const GALLERY_ORDERS = ['trending', 'remixed', 'newest'] as const
export type GalleryOrder = (typeof GALLERY_ORDERS)[number]
export const GALLERY_ORDER_LABELS: Record<GalleryOrder, string> = { trending: 'Trending', remixed: 'Most remixed', newest: 'Newest' }
export const GALLERY_ORDER_PARAM = 'order'
/** The gallery page's order; an unknown value is the default rather than an error. */
export const GalleryOrderParam = z.enum(GALLERY_ORDERS).catch('trending')

/** '1 remix', '3 remixes'. */
export const remixCountText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'remix' : 'remixes'}`

/**
 * The names a remix tries, as onboarding finds one (spec 2 §4): the original's name with
 * '_remix', then with '_' and four random hex characters, each cut to fit the name limit.
 */
export function remixNameCandidates(original: string, random: () => string, tries = 10): string[] {
  const fit = (suffix: string) => `${original.slice(0, NAME_MAX - suffix.length)}${suffix}`
  return [fit('_remix'), ...Array.from({ length: tries - 1 }, () => fit(`_${random()}`))]
}
