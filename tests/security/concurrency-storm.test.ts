import { beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { sql } from '../../app/lib/db.server'
import { createPiece } from '../../app/pieces/pieces.server'
import * as agentic from '../../app/routes/api/api.private.agentic.execute'
import * as send from '../../app/routes/api/api.private.piece-user-usage'
import { expectErrorLog } from '../support/error-guard'
import { postJson, useGenerateWorker, type RouteHandler } from '../support/routes'

/**
 * Issue 15, item 2: a transaction that asked the pool for a second connection while it held
 * one hung every request for good once ten of them did so at the same moment. Fifty sends
 * and agentic calls from twenty users at once, through the route handlers and a real
 * worker (the offline generator), must all be answered.
 */
type Owner = { pieceId: number; auth: Record<string, string> }

const USERS = 20
const CALLS = 50

let owners: Owner[]

useGenerateWorker({ model: false })
beforeAll(async () => {
  owners = await Promise.all(Array.from({ length: USERS }, newOwner))
})

async function newOwner(): Promise<Owner> {
  const created = await registerWithPassword(`storm.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const piece = await createPiece(created.userId, { name: `storm_${Math.random().toString(36).slice(2, 10)}` })
  return { pieceId: piece.id, auth: { Authorization: `Bearer ${token}` } }
}

const post = (handler: RouteHandler, path: string, owner: Owner, body: unknown) => postJson(handler, path, owner.auth, body)

describe('a storm of parallel model calls', () => {
  it('answers every one of fifty sends and agentic calls from twenty users, and the pool serves on', { timeout: 60_000 }, async () => {
    // Even calls are sends, so the users with even numbers send two or three times to one
    // Piece at once (one wins, the others may get 409); odd users make agentic calls.
    const calls = Array.from({ length: CALLS }, (_, index) => {
      const owner = owners[index % USERS]!
      const kind = index % 2 === 0 ? ('send' as const) : ('agentic' as const)
      const response =
        kind === 'send'
          ? post(send.action as RouteHandler, '/api/private/piece-user-usage', owner, { pieceId: owner.pieceId, message: `storm ${index}` })
          : post(agentic.action as RouteHandler, '/api/private/agentic/execute', owner, {
              pieceId: owner.pieceId,
              instruction: `Count ${index}`,
              input: [index],
            })
      return response.then((answered) => ({ kind, pieceId: owner.pieceId, status: answered.status }))
    })
    const answers = await Promise.all(calls)

    expect(answers.filter((answer) => answer.kind === 'agentic').map((answer) => answer.status)).toEqual(Array(CALLS / 2).fill(200))
    const sends = answers.filter((answer) => answer.kind === 'send')
    expect(
      sends.every((answer) => answer.status === 200 || answer.status === 409),
      JSON.stringify(sends),
    ).toBe(true)
    const sentTo = new Set(sends.map((answer) => answer.pieceId))
    expect(new Set(sends.filter((answer) => answer.status === 200).map((answer) => answer.pieceId))).toEqual(sentTo)
    expect(await sql`select 1 as answered`).toEqual([{ answered: 1 }])
  })
})

describe('the pool', () => {
  it('refuses a query on the pool from inside a transaction at once', async () => {
    await expect(sql.begin(async () => sql`select 1`)).rejects.toThrow('A query used the pool inside a transaction')
    expect(await sql`select 1 as answered`).toEqual([{ answered: 1 }])
  })

  it('fails a query that finds no free connection within the acquire timeout instead of waiting for good', { timeout: 30_000 }, async () => {
    // The file's generation worker may look for work while the pool is full: it meets the same
    // timeout and says so in the log, as it should.
    expectErrorLog(/could not claim a generation/)
    // Ten transactions hold every connection of the pool, idle, until the query has given up.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    const entered: Promise<void>[] = []
    const holding = Array.from({ length: 10 }, () => {
      let enter = () => {}
      entered.push(new Promise<void>((resolve) => (enter = resolve)))
      return sql.begin(async (tx) => {
        await tx`select 1`
        enter()
        await released
      })
    })
    await Promise.all(entered)
    await expect(sql`select 1`).rejects.toThrow('No database connection came free within 10 s')
    release()
    await Promise.all(holding)
    expect(await sql`select 1 as answered`).toEqual([{ answered: 1 }])
  })
})
