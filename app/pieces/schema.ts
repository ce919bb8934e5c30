import type { FormWords } from '~/lib/form-reply'
import { z } from 'zod'
import { NAME_MAX, NAME_MIN, NAME_WARN_ABOVE, nameProblem, normalizeName } from '~/accounts/schema'
import { FREE_PIECE_LIMIT, MAX_MESSAGE_CHARS, PRODUCT_NAME } from '~/lib/constants'
import { parseCursor } from './cursor'
import { GALLERY_ORDERS } from './remixes'
import { jsonObject, lines, text } from '~/lib/text'

export { NAME_MAX, NAME_MIN, NAME_WARN_ABOVE, normalizeName }

export const PIECE_VISIBILITIES = ['public', 'private', 'members'] as const
export type PieceVisibility = (typeof PIECE_VISIBILITIES)[number]

/** Menu labels (spec 1 §4): members-only Pieces are visible to anyone signed in. */
export const VISIBILITY_LABELS: Record<PieceVisibility, string> = {
  public: 'Public',
  private: 'Private',
  members: `${PRODUCT_NAME} Members Only`,
}

export const DESCRIPTION_MAX = 1000
export const DESCRIPTION_WARN_ABOVE = 800

/** Spec 1 §9 and spec 2 §9: the sidebar pages and the gallery page. */
export const PIECE_LIST_FIRST_PAGE = 25
export const PIECE_LIST_NEXT_PAGE = 20
export const PUBLIC_PIECE_PAGE = 12
export const PIECE_LIST_MAX_PAGE = 100

/**
 * Uploads are bounded before sharp sees them. 8 MB keeps a base64 data URL (4/3 larger)
 * inside the server's 12 MB body limit; 50 megapixels covers 48 MP phone photos while a
 * decompression bomb is refused from its header alone.
 */
export const MAX_IMAGE_UPLOAD_BYTES = 8 * 1024 * 1024
export const MAX_IMAGE_INPUT_PIXELS = 50_000_000

export const PieceMessages = {
  sharedDescription: `A Piece made with ${PRODUCT_NAME}.`,
  nameTaken: 'Name already taken',
  descriptionTooLong: `Description must be ${DESCRIPTION_MAX} characters or less`,
  renameWhileGenerating: 'Cannot rename a Piece while generation is in progress',
  createFailed: 'Failed to create piece',
  updateFailed: 'Update failed',
  notFound: 'Piece not found',
  pieceLimit: `Free accounts can have up to ${FREE_PIECE_LIMIT} Pieces. Upgrade to a PLUS subscription for unlimited Pieces.`,
  visibilityNeedsPlus: 'Private and members-only Pieces need a PLUS subscription.',
  visibilityInvalid: 'Visibility must be public, private or members',
  iconInvalid: 'Icon must be an image data URL, an image address from this site, or an empty string',
  notAnImage: 'This file is not an image we can read. Please choose a PNG, JPEG, WebP, GIF or other image file.',
  imageTooLarge: `Images must be ${MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024} MB or smaller.`,
  imageTooManyPixels: `This image is too large to process (limit ${MAX_IMAGE_INPUT_PIXELS / 1_000_000} megapixels).`,
  cropOutside: 'The crop area must lie inside the image.',
  // Toasts of spec 1 §8 and spec 2 §8, for the UI.
  loadFailed: 'Failed to load Pieces',
  loadMoreFailed: 'Failed to load more Pieces',
  deleteFailed: 'Failed to delete Piece',
  descriptionFailed: 'Failed to update description',
  iconFailed: 'Failed to update icon',
  iconRemoveFailed: 'Failed to remove icon',
  visibilityFailed: 'Failed to update visibility',
  remixesFailed: 'Failed to update remix setting',
  processImageFailed: 'Failed to process image',
  loadImageFailed: 'Failed to load image',
  imageEditorFailed: 'Failed to initialize image editor',
  cropFailed: 'Failed to crop image',
  checkNameFailed: 'Failed to check name availability',
  noPiece: 'No Piece available',
  deleted: 'Piece deleted',
} as const

/**
 * Single path segments the app already answers (spec 1 §2.1): a Piece by one of these
 * names could never be opened at /{name}, so they count as taken.
 */
export const RESERVED_PIECE_NAMES: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'api',
  'assets',
  'blog',
  'contact',
  'explore',
  'faq',
  'favicon.ico',
  'favicon.svg',
  'healthz',
  'images',
  'landing',
  'login',
  'logout',
  'onboarding',
  'pieces',
  'privacy',
  'resources',
  'robots.txt',
  'settings',
  'signin',
  'signup',
  'sitemap.xml',
  'terms',
])

/** Spec 1 §5 in order, with the Piece wording ('Name ...'); null when the name is valid. */
export const pieceNameProblem = (raw: string) => nameProblem(raw, 'Name')

const tooShort = `Name must be at least ${NAME_MIN} characters`

/**
 * A Piece name: checked as typed, then trimmed and lower-cased. An absent value (an empty
 * form field) reads as too short; another type is named as such for API clients.
 */
export const PieceNameSchema = text({ error: (issue) => (issue.input === undefined ? tooShort : 'name must be a string') })
  .superRefine((value, ctx) => {
    const problem = pieceNameProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
  .transform(normalizeName)

export const PieceDescriptionSchema = lines({ error: (issue) => (issue.input === undefined ? 'description is required' : 'description must be a string') })
  .transform((value) => value.trim())
  .refine((value) => value.length <= DESCRIPTION_MAX, PieceMessages.descriptionTooLong)

export const PieceVisibilitySchema = z.enum(PIECE_VISIBILITIES, { error: PieceMessages.visibilityInvalid })

/** The fields of each Piece form. */
export const CreatePieceSchema = z.object({ name: PieceNameSchema })
export const RenamePieceSchema = z.object({ name: PieceNameSchema })
export const DescriptionSchema = z.object({ description: PieceDescriptionSchema.optional().transform((value) => value ?? '') })
export const VisibilitySchema = z.object({ visibility: PieceVisibilitySchema })

/** Spec 1 §7 call 23. */
export const CreatePieceBody = z.object({
  name: PieceNameSchema,
  visibility: PieceVisibilitySchema.optional().default('public'),
})

/** An icon as sent: a data URL to process, an address of an image we stored, or '' to remove it. */
export const IconInputSchema = text({ error: PieceMessages.iconInvalid }).max(12 * 1024 * 1024, PieceMessages.imageTooLarge)

export const PIECE_CODE_MAX = 1_000_000

/** Spec 1 §7 call 24 (and the code/draft save of spec 2 §7 call 12). */
export const UpdatePieceBody = z
  .object({
    name: PieceNameSchema.optional(),
    description: PieceDescriptionSchema.optional(),
    icon: IconInputSchema.optional(),
    visibility: PieceVisibilitySchema.optional(),
    allowRemixes: z.boolean({ error: 'allowRemixes must be true or false' }).optional(),
    code: lines({ error: 'code must be a string' }).max(PIECE_CODE_MAX, `code must be ${PIECE_CODE_MAX} characters or less`).optional(),
    draftData: jsonObject({ error: 'draftData must be an object or null' }).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to update: send name, description, icon or visibility')

export type PieceChanges = z.infer<typeof UpdatePieceBody>

const limitMessage = `limit must be a whole number from 1 to ${PIECE_LIST_MAX_PAGE}`
export const CURSOR_MESSAGE = 'starting_after must be the updatedAt of a Piece or a next_starting_after value'

/**
 * `?limit=&starting_after=` of both Piece lists. The cursor is parsed here, once, so a value
 * no Piece could have (a year past 9999, a number past any date) is a 400 before any query.
 */
export const PieceListQuery = z.object({
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(PIECE_LIST_MAX_PAGE, limitMessage).optional(),
  starting_after: text()
    .max(100, CURSOR_MESSAGE)
    .transform((value, ctx) => {
      // An empty value asks for the first page, as an absent one does.
      if (value.trim() === '') return undefined
      const cursor = parseCursor(value)
      if (!cursor) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE })
      return cursor ?? z.NEVER
    })
    .optional(),
})

const orderMessage = `order must be one of ${GALLERY_ORDERS.join(', ')}`
const positionMessage = 'starting_after must be the next_starting_after value of the page before'

/**
 * Spec 2 §7 call 17 with issue 32.4's orders: newest first pages by the spec's cursor; the
 * other orders page from a position, which their `next_starting_after` gives.
 */
export const PublicPieceListQuery = PieceListQuery.omit({ starting_after: true })
  .extend({
    order: z.enum(GALLERY_ORDERS, { error: orderMessage }).optional(),
    starting_after: text().max(100, CURSOR_MESSAGE).optional(),
  })
  .transform((query, ctx) => {
    const { starting_after: raw, ...rest } = query
    const value = raw?.trim() ? raw.trim() : undefined
    if ((query.order ?? 'newest') === 'newest') {
      const cursor = value === undefined ? undefined : parseCursor(value)
      if (cursor === null) ctx.addIssue({ code: 'custom', message: CURSOR_MESSAGE, path: ['starting_after'] })
      return { ...rest, startingAfter: cursor ?? undefined, offset: undefined }
    }
    if (value !== undefined && !/^\d{1,6}$/.test(value)) ctx.addIssue({ code: 'custom', message: positionMessage, path: ['starting_after'] })
    return { ...rest, startingAfter: undefined, offset: value === undefined ? 0 : Number(value) }
  })

const idMessage = 'id must be the id of a Piece'
const PieceIdSchema = z.coerce.number({ error: idMessage }).int(idMessage).positive(idMessage).max(Number.MAX_SAFE_INTEGER, idMessage)
export const PieceIdQuery = z.object({ id: PieceIdSchema })

/** Without JavaScript, the gallery's 'Load more' asks the server for a longer first page. */
export const GALLERY_COUNT_PARAM = 'count'

/** Where the sidebar and the Piece menu post, with and without JavaScript. */
export const PIECES_RESOURCE = '/resources/pieces'
/** `?delete-piece=1` opens the delete dialog without JavaScript. */
export const DELETE_PARAM = 'delete-piece'

/**
 * The page the form was on (a refusal comes back there): only ever read through
 * safeRedirect, so a value it could not use is dropped, not a refusal.
 */
const returnTo = text().optional().catch(undefined)
/** Which Piece, and the page the form was on. */
const target = { id: PieceIdSchema, returnTo }

/**
 * Every Piece form (the sidebar's New Piece and each action of the Piece menu), told apart
 * by `intent`: the action parses it, and the forms with typed fields validate with it.
 * An icon arrives as a file; `cropped` says the crop dialog already made it square,
 * otherwise (no JavaScript) the centred square is taken.
 */
export const PieceFormSchema = z.discriminatedUnion('intent', [
  // `prompt`: the empty /pieces carries a `?prompt=` into the first Piece, which sends it (spec 2 §2).
  CreatePieceSchema.extend({ intent: z.literal('create'), returnTo, prompt: lines().max(MAX_MESSAGE_CHARS).optional() }),
  RenamePieceSchema.extend({ intent: z.literal('rename'), ...target }),
  DescriptionSchema.extend({ intent: z.literal('describe'), ...target }),
  z.object({
    intent: z.literal('icon'),
    ...target,
    icon: z.file({ error: PieceMessages.notAnImage }).max(MAX_IMAGE_UPLOAD_BYTES, PieceMessages.imageTooLarge),
    cropped: z.boolean().optional(),
  }),
  z.object({ intent: z.literal('remove-icon'), ...target }),
  VisibilitySchema.extend({ intent: z.literal('visibility'), ...target }),
  // Issue 32.3: the switch carries the value to set ('on' or 'off').
  z.object({ intent: z.literal('remixes'), ...target, allowRemixes: z.enum(['on', 'off']).transform((value) => value === 'on') }),
  z.object({ intent: z.literal('delete'), ...target }),
])

export type PieceForm = z.infer<typeof PieceFormSchema>
export type PieceIntent = PieceForm['intent']

/** The toast title of each refused form (spec 1 §8), where the message alone would not say what failed. */
export const PIECE_FORM_FAILURES: Record<PieceIntent, string> = {
  create: PieceMessages.createFailed,
  rename: PieceMessages.updateFailed,
  describe: PieceMessages.descriptionFailed,
  icon: PieceMessages.iconFailed,
  'remove-icon': PieceMessages.iconRemoveFailed,
  visibility: PieceMessages.visibilityFailed,
  remixes: PieceMessages.remixesFailed,
  delete: PieceMessages.deleteFailed,
}

/**
 * What the Piece forms say of a refusal (the form kit: app/lib/form-reply.ts). New Piece and
 * Rename show the feature's refusal under the name (it is taken, the free limit is reached),
 * the description form under the description; anything else is the action's failure toast
 * (spec 1 §8) with the reason under it.
 */
export const PIECE_FORM_WORDS: FormWords = {
  failure: (sent) => Object.entries(PIECE_FORM_FAILURES).find(([intent]) => intent === sent.intent)?.[1] ?? PieceMessages.updateFailed,
  inPlace: (sent) => (sent.intent === 'create' || sent.intent === 'rename' ? 'name' : sent.intent === 'describe' ? 'description' : undefined),
}

export const PieceNameQuery = z.object({ name: text({ error: 'name is required' }).max(200, 'name is too long') })

/** 'piece_' and 8 hex characters (spec 2 §4, onboarding with a prompt). */
export const RANDOM_PIECE_NAME_PATTERN = /^piece_[0-9a-f]{8}$/

/** A Piece as its menu shows it. */
export type MenuPiece = {
  id: number | string
  name: string
  description: string
  icon: string
  visibility: PieceVisibility
  allowRemixes: boolean
}

/**
 * The Piece shown in the top bar: its dropdown, and Edit or View for the owner. What other
 * features add to it (the editor's checks) the shell puts beside it (app/shell/schema.ts).
 */
export type TopBarPiece = { piece: MenuPiece; isOwner: boolean; shareUrl: string; view: 'editor' | 'page' }

/** A Piece's id as an API client sends it (a query parameter or a JSON field). */
export const PieceIdField = z.coerce.number({ error: 'pieceId must be a number' }).int('pieceId must be a number').positive('pieceId must be a number')

/** The `?prompt=` a user arrives in their Piece's editor with (app/pieces/prompt.server.ts), and whether it may be sent for them. */
export type ArrivingPrompt = { text: string; autoSend: boolean }
