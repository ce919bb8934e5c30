import postgres from 'postgres'
import { expect, it } from 'vitest'

/**
 * app/lib/db.server.ts reaches into postgres.js (pinned at 3.4.9) for two guards the library
 * has no option for: a query that waits too long for a free connection fails, and a query
 * on the pool from inside a transaction is refused (tests/security/concurrency-storm.test.ts
 * checks both against a real database). They rely on a query being a promise whose
 * `handler` is called once, when it runs, to hand it to the pool; whose `state` stays null
 * until a connection takes it; and whose `reject` and `cancel` end it. An upgrade that
 * changes any of that fails here, naming what to review.
 */
const REVIEW = 'postgres.js changed the query internals app/lib/db.server.ts guarded() relies on: review it before upgrading'

it('a postgres.js query still has the shape app/lib/db.server.ts relies on', async () => {
  const sql = postgres({ host: '127.0.0.1', port: 1, max: 1, connect_timeout: 1, onnotice: () => {} })
  const query = sql`select 1` as unknown as Promise<unknown> & Record<string, unknown>
  expect(query, REVIEW).toBeInstanceOf(Promise)
  expect(typeof query.handler, REVIEW).toBe('function')
  expect(query.state, REVIEW).toBeNull()
  expect(typeof query.reject, REVIEW).toBe('function')
  expect(typeof query.cancel, REVIEW).toBe('function')

  let handed = 0
  const handOver = query.handler as (self: unknown) => void
  query.handler = (self: unknown) => {
    handed += 1
    handOver(self)
  }
  // Nothing listens on port 1: the query is handed to the pool, then fails to connect.
  await expect(query).rejects.toThrow()
  expect(handed, REVIEW).toBe(1)
  await sql.end({ timeout: 0 })
})
