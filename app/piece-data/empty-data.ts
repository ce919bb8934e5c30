import { DATA_ERRORS, DATA_PATH_PREFIX, FRAME_TOKEN_PATH } from './constants'

/** Who a screenshot's page is to its Piece (it writes nothing). */
export const SCREENSHOT_VISITOR_NAME = 'visitor'

type Answer = { status: number; contentType: string; body: string }
const json = (status: number, body: unknown): Answer => ({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) })

/**
 * Issue 39: what a Piece's data calls are answered in the worker's screenshot (jobs/screenshot.ts),
 * which opens the Piece on its own with no visitor: its data is empty — no records, no counters,
 * no own values — so the picture shows the Piece as a first visitor sees it, never an error or a
 * list that waits forever. Writes are refused as offline (a screenshot changes nothing), and
 * the live stream says it is ready and ends.
 */
export function emptyDataAnswer(method: string, pathname: string): Answer {
  const parts = pathname.slice(DATA_PATH_PREFIX.length).split('/').filter(Boolean)
  const [scope, , third] = parts
  if (method !== 'GET') return json(DATA_ERRORS.offline.status, { error: 'offline', message: DATA_ERRORS.offline.message })
  if (scope === FRAME_TOKEN_PATH) return json(200, { token: 'screenshot', expiresAt: 4_102_444_800, name: SCREENSHOT_VISITOR_NAME })
  if (scope === 'whoami') return json(200, { name: SCREENSHOT_VISITOR_NAME, space: 'live', owner: false })
  if (scope === 'mine' && parts.length === 1) return json(200, { data: [] })
  if (scope === 'shared' && parts.length === 2) return json(200, { records: [], counters: {} })
  if (scope === 'shared' && third === 'changes')
    return { status: 200, contentType: 'text/event-stream; charset=utf-8', body: 'event: ready\ndata: {"after":0}\n\n' }
  return json(DATA_ERRORS['not-found'].status, { error: 'not-found', message: DATA_ERRORS['not-found'].message })
}
