import { CHECK_KEYS, CHECK_ROLES, CHECK_VALUE_MAX, type CheckVisitor } from '~/checks/schema'
import { frameDocument, SWALLOWED_WHILE_PICKING } from '../frame-document'
import { type RecorderSetup } from './frame/setup'
import recorderSource from 'virtual:frame-script/check-recorder'

/** The longest visible text a step may find an element by: longer is not how a person names it, and breaks at the first edit. */
export const CHECK_TEXT_LOCATOR_MAX = 60

/**
 * What the preview shows while a check is recorded (issue 31.1): the code at the current
 * point with the recorder (frame/recorder.ts, which also gives the Piece fresh storage)
 * first, before the Piece's scripts. `take` makes each recording (and each Start over) a
 * document of its own, so the preview starts the Piece afresh; so does each switch of `visitor`
 * (issue 39.6), on the same data.
 */
export function recorderDocument(code: string, take: number, visitor: CheckVisitor = 1): string {
  const setup: RecorderSetup = {
    take,
    visitor,
    roles: CHECK_ROLES,
    keys: CHECK_KEYS,
    valueMax: CHECK_VALUE_MAX,
    textMax: CHECK_TEXT_LOCATOR_MAX,
    swallowed: SWALLOWED_WHILE_PICKING,
  }
  return frameDocument(code, 'recorder', recorderSource, setup)
}
