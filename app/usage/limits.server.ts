import type { TransactionSql } from 'postgres'
import { isPlus } from '~/accounts/plan.server'
import { DomainError } from '~/lib/errors'
import { DEFAULT_TOKEN_PRICE_PER_MILLION, FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '~/lib/constants'
import type { Db } from '~/lib/db.server'
import { onlyRow } from '~/lib/rows'

/**
 * Spec 2 §8: the client picks the overlay by these words ('PLUS daily token limit',
 * 'Price cap', 'Daily token limit'), so each message must keep them.
 */
export const LIMIT_MESSAGES = {
  free: 'Daily token limit reached. Upgrade to PLUS to keep building today.',
  plus: 'PLUS daily token limit reached. Turn on usage-based pricing to keep building today.',
  priceCap: 'Price cap reached for this month. Raise your monthly spending limit to keep building.',
} as const

/**
 * The usage day of an instant (now by default): the calendar date in New York. A new day
 * starts at 12am ET whatever the offset, so DST changes move nothing.
 */
export const usageDay = (db: Db, at?: Date) =>
  at ? db`(${at.toISOString()}::timestamptz at time zone ${USAGE_TIME_ZONE})::date` : db`(now() at time zone ${USAGE_TIME_ZONE})::date`
const TODAY = (db: Db) => usageDay(db)

/**
 * A hold outlives any model call (an agentic action gives up within about two minutes),
 * so only a process that died leaves one behind; it stops counting after this long.
 */
const HOLD_MINUTES = 10

type Allowance = { dailyUsed: number; reserved: number; limit: number; plus: boolean; usageBased: boolean; billableRoom: number }

/** A user's usage as one snapshot: today's tokens, what calls in flight hold, the month's billable tokens and the plan. */
export type UsageSnapshot = {
  dailyUsed: number
  reserved: number
  plus: boolean
  usageBased: boolean
  priceCap: number | null
  monthBillable: number
}

/**
 * Read in one statement, so from one snapshot: a call that ends meanwhile is counted
 * either by its reservation or by its charge, never by neither.
 */
export async function readUsage(db: Db, userId: number): Promise<UsageSnapshot> {
  const [[row], plus] = await Promise.all([
    db<{ dailyUsed: number; reserved: number; usageBased: boolean | null; priceCap: number | null; monthBillable: number }[]>`
      select
        coalesce((select tokens from usage_days where user_id = ${userId} and day = ${TODAY(db)}), 0)::float8 as "dailyUsed",
        ((select coalesce(sum(reserved_tokens), 0) from generations where user_id = ${userId} and status in ('queued', 'running'))
          + (select coalesce(sum(tokens), 0) from token_holds where user_id = ${userId} and expires_at > now()))::float8 as reserved,
        (select usage_based_pricing from usage_settings where user_id = ${userId}) as "usageBased",
        (select price_cap::float8 from usage_settings where user_id = ${userId}) as "priceCap",
        (select coalesce(sum(billable_tokens), 0) from usage_days
          where user_id = ${userId} and day >= date_trunc('month', now() at time zone ${USAGE_TIME_ZONE})::date)::float8 as "monthBillable"`,
    isPlus(db, userId),
  ])
  return {
    dailyUsed: row?.dailyUsed ?? 0,
    reserved: row?.reserved ?? 0,
    plus,
    usageBased: plus && (row?.usageBased ?? false),
    priceCap: row?.priceCap ?? null,
    monthBillable: row?.monthBillable ?? 0,
  }
}

async function allowance(db: TransactionSql, userId: number): Promise<Allowance> {
  const usage = await readUsage(db, userId)
  const capTokens = ((usage.priceCap ?? 0) / DEFAULT_TOKEN_PRICE_PER_MILLION) * 1_000_000
  return {
    dailyUsed: usage.dailyUsed,
    reserved: usage.reserved,
    limit: usage.plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT,
    plus: usage.plus,
    usageBased: usage.usageBased,
    billableRoom: usage.usageBased ? Math.max(0, capTokens - usage.monthBillable) : 0,
  }
}

const limitMessage = (state: Allowance) => (!state.plus ? LIMIT_MESSAGES.free : !state.usageBased ? LIMIT_MESSAGES.plus : LIMIT_MESSAGES.priceCap)

/** A model call's estimated prompt, and the most its answers may spend on top. */
export type TokenNeed = { prompt: number; answers: number }

/**
 * Decides how many tokens a model call may spend: its need, or what is left of today's
 * allowance after what other calls hold. The caller's transaction records the
 * reservation (a generation row, or a hold) before it commits, and the user row stays
 * locked until then, so parallel calls are decided one after another and together never
 * hold more than is left. A prompt that alone would not fit is refused (429).
 */
export async function reserveTokens(db: TransactionSql, userId: number, need: TokenNeed): Promise<number> {
  await db`select 1 from users where id = ${userId} for update`
  const state = await allowance(db, userId)
  const room = state.limit - state.dailyUsed - state.reserved + state.billableRoom
  if (room <= need.prompt) throw new DomainError('limit-reached', limitMessage(state))
  return Math.min(room, need.prompt + need.answers)
}

export type TokenHold = { id: number; tokens: number }

/** Reserves tokens for a call that has no generation row to hold them (an agentic action). */
export async function holdTokens(db: TransactionSql, userId: number, need: TokenNeed): Promise<TokenHold> {
  const tokens = await reserveTokens(db, userId, need)
  await db`delete from token_holds where user_id = ${userId} and expires_at <= now()`
  const { id } = onlyRow(
    await db<{ id: number }[]>`
      insert into token_holds (user_id, tokens, expires_at)
      values (${userId}, ${tokens}, now() + make_interval(mins => ${HOLD_MINUTES}))
      returning id::int as id`,
  )
  return { id, tokens }
}

/** Ends a hold: charges what the call spent and frees the rest. Answers the tokens charged. */
export async function releaseHold(db: TransactionSql, userId: number, hold: TokenHold, spent: number): Promise<number> {
  await db`delete from token_holds where id = ${hold.id}`
  return (await chargeTokens(db, userId, { spent, reserved: hold.tokens })).tokens
}

/**
 * Records what a model call spent on today's usage day, never more than it reserved: the
 * allowance was decided on the reservation, and neither a server that reports more nor a
 * prompt larger than estimated may pass it. What goes past the daily allowance is
 * billable for usage-based subscribers (the billing issue meters it). Answers the tokens
 * charged, and the billable part of them.
 */
export async function chargeTokens(
  db: TransactionSql,
  userId: number,
  { spent, reserved }: { spent: number; reserved: number },
): Promise<{ tokens: number; billable: number }> {
  const tokens = Math.max(0, Math.min(spent, reserved))
  if (tokens === 0) return { tokens: 0, billable: 0 }
  const [row] = await db<{ tokens: number }[]>`
    insert into usage_days (user_id, day, tokens) values (${userId}, ${TODAY(db)}, ${tokens})
    on conflict (user_id, day) do update set tokens = usage_days.tokens + excluded.tokens
    returning tokens::float8 as tokens`
  const plus = await isPlus(db, userId)
  const limit = plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT
  const over = Math.min(tokens, Math.max(0, (row?.tokens ?? 0) - limit))
  const billable = plus ? over : 0
  if (billable > 0) {
    await db`update usage_days set billable_tokens = billable_tokens + ${billable} where user_id = ${userId} and day = ${TODAY(db)}`
  }
  return { tokens, billable }
}
