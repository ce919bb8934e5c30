import { codeVersion } from '~/pieces/code-version'
import { checkVersionLater, versionChecks, type VersionChecks } from '~/checks/versions.server'
import { DomainError } from '~/lib/errors'
import { addExchange, isBehindLatest, readDraft, type DraftData, type Exchange } from '~/pieces/draft'
import { replaceDraftIfUnchanged } from '~/pieces/draft.server'
import { requireOwnPiece, type OwnPiece } from '~/pieces/pieces.server'
import { activeGeneration } from '../generations.server'
import { isDiffOperation, type DiffOperation } from '../patch'
import { describeTurn, type TurnReview } from './describe'
import { buildSubset, replayTurn } from './operations'
import { keptNote, ReviewWords } from './words'

/**
 * Issue 40: a turn of a Piece's draft reviewed change by change, and the version with the
 * changes its owner keeps made the newest point of the history — no model call, 0 tokens,
 * written only over the draft as it was read, then checked like every version.
 */

/** The calls whose answers were the turn's operations: each step (or the offline builder's edit), and a repair that was kept. */
function operationTokens(exchange: Exchange) {
  const repairKept = exchange.verification?.repair?.kept === true
  return (exchange.receipt?.calls ?? [])
    .filter((call) => call.kind === 'step' || call.kind === 'edit' || (call.kind === 'repair' && repairKept))
    .reduce((sum, call) => sum + call.outputTokens, 0)
}

type Turn = { piece: OwnPiece; draft: DraftData; exchange: Exchange; base: string }

/** Exchange `index` of a draft already read, and the code it was asked of. */
function turnIn(piece: OwnPiece, draft: DraftData, index: number): Turn {
  const exchange = draft.exchangeHistory[index]
  if (!exchange) throw new DomainError('not-found', ReviewWords.noTurn)
  const base = index > 0 ? (draft.exchangeHistory[index - 1]?.assistantMessage.content ?? piece.code) : piece.code
  return { piece, draft, exchange, base }
}

async function readTurn(userId: number, pieceId: number, index: number): Promise<Turn> {
  const piece = await requireOwnPiece(userId, pieceId)
  return turnIn(piece, readDraft(piece.draftData), index)
}

const operationsOf = (exchange: Exchange): unknown[] => exchange.assistantMessage.patches ?? []

/**
 * Reviews already told, by what they tell of (the two versions, the operations and their
 * tokens: a turn's review never changes), so the editor's page tells each once per process
 * however often it is loaded. Bounded: the oldest goes first.
 */
const told = new Map<string, TurnReview>()
const TOLD_MAX = 500

function describeOnce(turn: Turn): TurnReview {
  const operations = operationsOf(turn.exchange)
  const tokens = operationTokens(turn.exchange)
  const key = [codeVersion(turn.base), codeVersion(turn.exchange.assistantMessage.content), codeVersion(JSON.stringify(operations)), tokens].join(':')
  const known = told.get(key)
  if (known) return known
  const review = describeTurn(turn.base, operations, turn.exchange.assistantMessage.content, tokens)
  told.set(key, review)
  for (const oldest of told.keys()) {
    if (told.size <= TOLD_MAX) break
    told.delete(oldest)
  }
  return review
}

function reviewOf(turn: Turn, exchange: number): TurnReview & { exchange: number; message: string } {
  const message = turn.exchange.userMessage.content
  if (turn.exchange.note && !operationsOf(turn.exchange).length) return { reviewable: false, reason: ReviewWords.notBuilt, exchange, message }
  return { ...describeOnce(turn), exchange, message }
}

/** The review of exchange `exchange` of the Piece's draft (owner only); TurnReview plus the exchange's message. */
export async function turnReview(userId: number, pieceId: number, exchange: number): Promise<TurnReview & { exchange: number; message: string }> {
  return reviewOf(await readTurn(userId, pieceId, exchange), exchange)
}

/** The same, of a Piece and draft the caller has read already (the editor's page, for each exchange). */
export const draftTurnReview = (piece: OwnPiece, draft: DraftData, exchange: number) => reviewOf(turnIn(piece, draft, exchange), exchange)

/** The version of a turn with the changes in `keep`, or the refusal saying why there is none. */
function subsetOf(turn: Turn, keep: readonly number[]) {
  const operations = operationsOf(turn.exchange)
  const turnReplay = replayTurn(turn.base, operations, turn.exchange.assistantMessage.content)
  if (!turnReplay.ok) throw new DomainError('conflict', operations.length ? ReviewWords.notReviewable : ReviewWords.notBuilt)
  const typed = operations.filter(isDiffOperation)
  if (keep.some((index) => !Number.isInteger(index) || index < 0 || index >= typed.length)) throw new DomainError('invalid', ReviewWords.noSuchChange)
  const version = buildSubset(turn.base, typed, turnReplay, keep)
  return { version, operations: typed }
}

/**
 * Applies the chosen operations of exchange `exchange` as a new version (newest point of
 * history, 0 tokens, a note like "Kept 3 of 4 changes of “make it blue”"), refused while a
 * build runs, from an earlier point, for a turn that is not the one shown, or when the
 * draft changed (`seen` = the historyIndex the client saw); then the browser check and the
 * Piece's checks run on that version in the worker. Returns the new draft.
 */
export async function applyTurnSubset(userId: number, pieceId: number, exchange: number, keep: number[], seen?: number): Promise<DraftData> {
  const turn = await readTurn(userId, pieceId, exchange)
  const { piece, draft } = turn
  if (piece.generating || (await activeGeneration(piece.id))) throw new DomainError('conflict', ReviewWords.whileBuilding)
  if ((seen !== undefined && seen !== draft.historyIndex) || isBehindLatest(draft) || exchange !== draft.historyIndex)
    throw new DomainError('conflict', ReviewWords.notNewest)
  const { version, operations } = subsetOf(turn, keep)
  if (!version.kept.length) throw new DomainError('invalid', ReviewWords.keepSome)
  if (version.kept.length === operations.length) throw new DomainError('invalid', ReviewWords.keptAll)
  const made: Exchange = {
    userMessage: { role: 'user', content: '', attachments: [] },
    assistantMessage: { role: 'assistant', content: version.code, attachments: [] },
    tokensUsed: 0,
    note: keptNote(version.kept.length, operations.length, turn.exchange.userMessage.content),
  }
  const next = { ...addExchange(draft, made), currentInput: draft.currentInput, currentAttachments: draft.currentAttachments }
  // Read, checked and written without a lock: the write applies only to the draft as read, so a save meanwhile (another tab) is never undone.
  if (!(await replaceDraftIfUnchanged(userId, piece.id, piece.draftData, next))) throw new DomainError('conflict', ReviewWords.changed)
  // Issue 40.3: checked like every version: loaded in the browser, then the Piece's checks (the Checks list shows them).
  await checkVersionLater(piece.id, version.code)
  return next
}

/** The code of the version of exchange `exchange` with the changes in `keep` (owner only). */
export async function turnSubsetCode(
  userId: number,
  pieceId: number,
  exchange: number,
  keep: number[],
): Promise<{ code: string; kept: number[]; dropped: number[]; operations: DiffOperation[] }> {
  const { version, operations } = subsetOf(await readTurn(userId, pieceId, exchange), keep)
  return { ...version, operations }
}

/**
 * Issue 40.3: queue the browser check + behaviour checks of the version with `keep` (results
 * are kept per code version) and return its code version, so the page can show "With
 * ‘Removed the footer’ off: 3 of 3 checks pass" when the results arrive (subsetChecks).
 */
export async function checkTurnSubset(userId: number, pieceId: number, exchange: number, keep: number[]): Promise<{ version: string }> {
  const turn = await readTurn(userId, pieceId, exchange)
  const { version } = subsetOf(turn, keep)
  return checkVersionLater(turn.piece.id, version.code)
}

/** What the checks of a version found so far (owner only): null when it was never queued. */
export async function subsetChecks(userId: number, pieceId: number, version: string): Promise<VersionChecks | null> {
  const piece = await requireOwnPiece(userId, pieceId)
  return versionChecks(piece.id, version)
}
