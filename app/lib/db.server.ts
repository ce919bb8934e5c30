import { AsyncLocalStorage } from 'node:async_hooks'
import postgres, { type Sql, type TransactionSql } from 'postgres'
import { z } from 'zod'
import { getEnv } from './env.server'
import { forgetSingleton, singleton } from './singleton.server'

/** What a feature function runs its queries on: the pool, or the transaction it was handed. */
export type Db = Sql | TransactionSql

/*
 * Timeouts, so a mistake fails fast instead of hanging every request. They are ordered: a
 * query queued behind busy connections gives up first, then the server ends a transaction
 * left idle (freeing its connection for everyone else), and a statement may run longest.
 * The LISTEN connection that relays chat events shares these settings harmlessly: it idles
 * outside any transaction, and idle sessions are never ended. pg-boss has its own pool.
 */
const POOL_ACQUIRE_TIMEOUT_MS = 10_000
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 15_000
const STATEMENT_TIMEOUT_MS = 30_000

/*
 * After the database went away (a restart, a crash) every query tries a fresh connection,
 * but postgres.js waits before each try, 3^n/100 s after n failures, up to 20 s: after a
 * long outage the first requests would wait that long once it is back. Capped at 1 s so
 * the product serves again within a second or two of the database (docs/decisions/0030);
 * a host that does not answer at all is given up after CONNECT_TIMEOUT_S.
 */
const reconnectDelaySeconds = (retries: number) => Math.min(0.05 * 2 ** retries, 1)
const CONNECT_TIMEOUT_S = 5

/**
 * Where postgres.js 3.4.9 (pinned) keeps a query's progress: `handler` hands it to the
 * pool, and `state` is set once a connection has taken it.
 */
type PoolQuery = {
  handler: (query: PoolQuery) => void
  state: unknown
  reject: (error: Error) => void
  cancel: () => unknown
  then: (onDone: () => void, onFailed: () => void) => unknown
}

function pool(): Sql {
  return singleton('sql', () => {
    const url = getEnv().DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the process through server.ts or worker.ts')
    const instance = postgres(url, {
      max: 10,
      onnotice: () => {},
      backoff: reconnectDelaySeconds,
      connect_timeout: CONNECT_TIMEOUT_S,
      transform: { undefined: null },
      connection: { statement_timeout: STATEMENT_TIMEOUT_MS, idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS },
    })
    // `begin` opens its transaction through `unsafe`, so guarding it guards transactions too.
    const unsafe = instance.unsafe
    instance.unsafe = <T extends unknown[]>(query: string, parameters?: Parameters<typeof unsafe>[1], options?: Parameters<typeof unsafe>[2]) =>
      guarded(unsafe<T>(query, parameters, options))
    return instance
  })
}

/**
 * Outside production, every transaction runs in this scope and a query on the pool from
 * inside it fails at once: such a query waits for a second connection while holding one,
 * and enough of them at the same moment hang the pool. (Production skips the scope, whose
 * bookkeeping slows every promise on Node 20; the timeouts above still hold there.)
 */
const transactionScope = () => singleton('sql-transaction-scope', () => new AsyncLocalStorage<true>())
const checksTransactions = () => getEnv().NODE_ENV !== 'production'

/**
 * Every query on the pool passes here when it runs: refused inside a transaction (when
 * checked), and failed when no connection has taken it in time, a limit postgres.js
 * 3.4.9 does not have.
 */
function guarded<T>(query: T): T {
  if (!(query instanceof Promise)) return query
  if (!isPoolQuery(query)) throw new Error('postgres.js no longer hands a query to its pool through `handler`: see the version pinned in package.json')
  const pending: PoolQuery = query
  const handOver = pending.handler
  pending.handler = (self) => {
    if (transactionScope().getStore()) {
      return self.reject(new Error('A query used the pool inside a transaction: run it on the transaction handed to the function'))
    }
    handOver(self)
    if (!self.state) giveUpAfterWaiting(self)
  }
  return query
}

const isPoolQuery = (query: object): query is PoolQuery => 'handler' in query && typeof query.handler === 'function'

function giveUpAfterWaiting(query: PoolQuery) {
  const timer = setTimeout(() => {
    if (query.state) return
    const reject = query.reject
    query.reject = () => reject(new Error(`No database connection came free within ${POOL_ACQUIRE_TIMEOUT_MS / 1000} s: every connection of the pool is busy`))
    void query.cancel()
  }, POOL_ACQUIRE_TIMEOUT_MS)
  const done = () => clearTimeout(timer)
  query.then(done, done)
}

type Work = (tx: TransactionSql) => unknown

/** `sql.begin(work)` and `sql.begin(options, work)`, with the work run in the transaction's scope. */
function begin(...args: [work: Work] | [options: string, work: Work]) {
  const [options, work] = args.length === 1 ? [undefined, args[0]] : args
  const scoped = checksTransactions() ? (tx: TransactionSql) => transactionScope().run(true, () => work(tx)) : work
  return options === undefined ? pool().begin(scoped) : pool().begin(options, scoped)
}

/**
 * The process's one SQL pool, created on first use: `DATABASE_URL` is resolved by the
 * process entry (an embedded cluster when unset) after modules are loaded.
 */
export const sql: Sql = new Proxy((() => {}) as unknown as Sql, {
  apply: (_target, _this, args: Parameters<Sql>) => guarded(pool()(...args)),
  get: (_target, property) => {
    if (property === 'begin') return begin
    const value = Reflect.get(pool(), property)
    return typeof value === 'function' ? value.bind(pool()) : value
  },
})

/** Ends the process's pool and forgets it: the next query opens a fresh one (tests that end their database). */
export async function closePool() {
  await sql.end({ timeout: 5 })
  forgetSingleton('sql')
}

/**
 * PostgreSQL refused a row that would break a unique index (SQLSTATE 23505); with `constraint`,
 * that index by name (postgres.js reports it as `constraint_name`), never by the message's words.
 */
export const isUniqueViolation = (error: unknown, constraint?: string) => {
  const refused = refusalOf(error)
  return refused?.code === '23505' && (constraint === undefined || refused.constraint_name === constraint)
}

/** PostgreSQL refused a row whose reference is gone (SQLSTATE 23503): say, a Piece deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) => refusalOf(error)?.code === '23503'

/** What postgres.js reports of a statement PostgreSQL refused: its SQLSTATE, and the constraint it broke. */
const RefusalSchema = z.object({ code: z.string(), constraint_name: z.unknown().optional() })
const refusalOf = (error: unknown) => RefusalSchema.safeParse(error).data

/**
 * A value for a `jsonb` column. postgres.js types `sql.json` with its own JSON type, which
 * TypeScript cannot match to our object types; the values we store are plain data, so
 * the cast is made once, here. What comes back is parsed with zod where it is read.
 */
export const jsonb = (db: Db, value: unknown) => db.json(value as Parameters<Db['json']>[0])
