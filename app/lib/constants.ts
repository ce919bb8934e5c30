/** Product-wide constants. Every limit and figure the spec names lives here once. */

export const PRODUCT_NAME = 'Pieces'

export const SUPPORT_EMAIL = 'support@pieces.build'
export const SUPPORT_PHONE = '+1 (415) 555-0142'

export const SOCIAL_LINKS = [
  { label: 'Instagram', href: 'https://www.instagram.com/pieces.build' },
  { label: 'TikTok', href: 'https://www.tiktok.com/@pieces.build' },
  { label: 'X', href: 'https://x.com/piecesbuild' },
  { label: 'YouTube', href: 'https://www.youtube.com/@piecesbuild' },
  { label: 'E-mail', href: `mailto:${SUPPORT_EMAIL}` },
] as const

/** Tokens a free account may spend per usage day (America/New_York). See docs/decisions. */
export const FREE_DAILY_TOKEN_LIMIT = 200_000
export const PLUS_DAILY_TOKEN_LIMIT = 10_000_000
export const DEFAULT_TOKEN_PRICE_PER_MILLION = 0.5
export const USAGE_TIME_ZONE = 'America/New_York'

export const BUDGET_PRESETS = [5, 10, 20] as const
export const BUDGET_MIN = 5
export const BUDGET_MAX = 500

/** The checkout's return page asks this often whether PLUS is active, and offers to go on after the second. */
export const PLUS_ACTIVATION_POLL_MS = 1000
export const PLUS_ACTIVATION_SLOW_MS = 20_000

/** How long a toast stays up (spec 1 §9). The removal delay after it is sonner's: docs/decisions/0018-toasts-and-dialogs.md. */
export const TOAST_DURATION_MS = 5000
/** A toast is dismissed by swiping it right past this many pixels (spec 1 §9). */
export const TOAST_SWIPE_PX = 50

export const WAITLIST_LAUNCH = 'Fall 2025'

/** Sign-in throttling: consecutive failures allowed before a 15-minute lockout. */
export const SIGN_IN_MAX_FAILURES_PER_IP = 40
export const SIGN_IN_MAX_FAILURES_PER_ACCOUNT = 10
export const SIGN_IN_LOCKOUT_MINUTES = 15

/** Pieces a free account may own; PLUS is unlimited. See docs/decisions/0008-free-piece-limit.md. */
export const FREE_PIECE_LIMIT = 10

/** Generation (spec 2 §5): the send's limits. */
export const MAX_ATTACHMENTS = 3
export const MAX_ATTACHMENT_BYTES = 4 * 1024 * 1024
/**
 * The images of one send from the editor's form together: as data URLs (4/3 of the bytes)
 * they keep the form under the server's 12 MB body limit (server.ts).
 */
export const MAX_ATTACHMENTS_TOTAL_BYTES = 8 * 1024 * 1024
export const MAX_MESSAGE_CHARS = 20_000

/**
 * Tokens held for a model call's answers on top of its prompt, while the allowance has
 * them: a generation (plan and steps), an agentic action (one answer of data).
 */
export const GENERATION_TOKEN_RESERVE = 60_000

/**
 * Generations one account may have running at once (issue 27.2; a Piece runs one at a time):
 * the rest of its sends wait their turn, so no account takes every worker's slots.
 */
export const FREE_CONCURRENT_GENERATIONS = 2
export const PLUS_CONCURRENT_GENERATIONS = 4
/** A send that the queue cannot start within this long is refused at once (503 with Retry-After), never left to hang. */
export const GENERATION_QUEUE_WAIT_LIMIT_SECONDS = 60
export const AGENTIC_TOKEN_RESERVE = 16_000

/** How long the agentic confirm dialog's Proceed ignores clicks after it opens or the window regains focus. */
export const AGENTIC_PROCEED_DELAY_MS = 700

/** Images one user may upload (icons) in 24 hours. */
export const IMAGE_UPLOADS_PER_DAY = 50

/** The honeypot of the public forms: a field people never see or fill in. */
export const HONEYPOT_FIELD = 'website'

/** Spec 2 §9: the animation delay and the loading bar's animation. */
export const ANIMATION_MS = 618

/** Spec 2 §9: typed letters in a list add up to one search until a pause this long. */
export const TYPEAHEAD_RESET_MS = 1000
