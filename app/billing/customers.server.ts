import { createHash } from 'node:crypto'
import { sql, type Db } from '~/lib/db.server'
import type { BillingProvider, ProviderName } from './provider.server'

/** Any fixed number; with the user id it names "this user's billing is changing". */
const BILLING_LOCK = 7_319_019
/** Billing changes holding a connection at once in this process; the others wait their turn without one. */
const MAX_HELD = 3

const waiting: (() => void)[] = []
let held = 0

async function takeTurn() {
  if (held < MAX_HELD) {
    held += 1
    return
  }
  await new Promise<void>((resolve) => waiting.push(resolve))
}

function endTurn() {
  const next = waiting.shift()
  if (next) next()
  else held -= 1
}

/**
 * Runs one billing change of a user at a time, across every process: two clicks on
 * Upgrade get one customer and one checkout, two toggles one metered item. The lock is a
 * session advisory lock on a connection of its own, held while the provider answers, so no
 * transaction stays open over the network; it goes with the connection if the process dies.
 * At most MAX_HELD such connections per process, so the pool keeps room for everything else
 * (the work itself queries the pool too).
 */
export async function withBillingLock<T>(userId: number, work: () => Promise<T>): Promise<T> {
  await takeTurn()
  const connection = await sql.reserve().catch((error: unknown) => {
    endTurn()
    throw error
  })
  try {
    await connection`select pg_advisory_lock(${BILLING_LOCK}, ${userId}::int)`
    try {
      return await work()
    } finally {
      await connection`select pg_advisory_unlock(${BILLING_LOCK}, ${userId}::int)`.catch(() => {})
    }
  } finally {
    connection.release()
    endTurn()
  }
}

export async function findCustomer(db: Db, provider: ProviderName, userId: number): Promise<string | null> {
  const [row] = await db<{ customerId: string }[]>`
    select customer_id as "customerId" from billing_customers where user_id = ${userId} and provider = ${provider}`
  return row?.customerId ?? null
}

export async function userOfCustomer(db: Db, provider: ProviderName, customerId: string): Promise<number | null> {
  const [row] = await db<{ userId: number }[]>`
    select user_id::int as "userId" from billing_customers where customer_id = ${customerId} and provider = ${provider}`
  return row?.userId ?? null
}

/**
 * The user's customer at the provider, created the first time and stored. Call it under
 * `withBillingLock`. The idempotency key is the same on every attempt for this user and
 * email, so a retry after a lost answer finds the customer the first attempt made.
 */
export async function ensureCustomer(provider: BillingProvider, user: { id: number; email: string }): Promise<string> {
  const known = await findCustomer(sql, provider.name, user.id)
  if (known) return known
  const emailHash = createHash('sha256').update(user.email.toLowerCase()).digest('hex').slice(0, 16)
  const customerId = await provider.createCustomer({ userId: user.id, email: user.email }, `customer-${user.id}-${emailHash}`)
  await sql`
    insert into billing_customers (user_id, provider, customer_id) values (${user.id}, ${provider.name}, ${customerId})
    on conflict (user_id, provider) do nothing`
  return (await findCustomer(sql, provider.name, user.id)) ?? customerId
}
