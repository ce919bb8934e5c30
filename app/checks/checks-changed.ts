import { pageSignal } from '~/lib/page-signal'

/**
 * Said in the page when a Piece's checks changed without the page reloading its data (the
 * recorder saved one), so whatever lists them (the Checks list, the results) asks again.
 */
type Changed = { pieceId: number }

const checksChanged = pageSignal<Changed>('checks changed')

export const announceChecksChanged = (pieceId: number) => checksChanged.say({ pieceId })

/** Calls `listener` each time a Piece's checks are said changed; answers the function that stops it. */
export const onChecksChanged = checksChanged.hear
