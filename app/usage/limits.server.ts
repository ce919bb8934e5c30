import type { Sql, TransactionSql } from 'postgres'
import { isPlus } from '~/billing/subscription.server'
import { ApiFailure } from '~/lib/api.server'
import {
  DEFAULT_TOKEN_PRICE_PER_MILLION,
  FREE_DAILY_TOKEN_LIMIT,
  GENERATION_TOKEN_RESERVE,
  PLUS_DAILY_TOKEN_LIMIT,
  USAGE_TIME_ZONE,
} from '~/lib/constants'

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
export const usageDay = (db: TransactionSql | Sql, at?: Date) =>
  at ? db`(${at.toISOString()}::timestamptz at time zone ${USAGE_TIME_ZONE})::date` : db`(now() at time zone ${USAGE_TIME_ZONE})::date`
const TODAY = (db: TransactionSql) => usageDay(db)

type Allowance = { dailyUsed: number; reserved: number; limit: number; plus: boolean; usageBased: boolean; billableRoom: number }

async function allowance(db: TransactionSql, userId: number): Promise<Allowance> {
  const [[today], [active], [settings], [month], plus] = await Promise.all([
    db<{ tokens: number }[]>`select tokens::float8 as tokens from usage_days where user_id = ${userId} and day = ${TODAY(db)}`,
    db<{ reserved: number }[]>`
      select coalesce(sum(reserved_tokens), 0)::float8 as reserved from generations
      where user_id = ${userId} and status in ('queued', 'running')`,
    db<{ usageBased: boolean; priceCap: number | null }[]>`
      select usage_based_pricing as "usageBased", price_cap as "priceCap" from usage_settings where user_id = ${userId}`,
    db<{ billable: number }[]>`
      select coalesce(sum(billable_tokens), 0)::float8 as billable from usage_days
      where user_id = ${userId} and day >= date_trunc('month', now() at time zone ${USAGE_TIME_ZONE})::date`,
    isPlus(userId),
  ])
  const usageBased = plus && (settings?.usageBased ?? false)
  const capTokens = ((settings?.priceCap ?? 0) / DEFAULT_TOKEN_PRICE_PER_MILLION) * 1_000_000
  return {
    dailyUsed: today?.tokens ?? 0,
    reserved: active?.reserved ?? 0,
    limit: plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT,
    plus,
    usageBased,
    billableRoom: usageBased ? Math.max(0, capTokens - (month?.billable ?? 0)) : 0,
  }
}

/**
 * Holds tokens for one generation against today's allowance. The caller's transaction
 * locks the user row first, so parallel sends are decided one after another and together
 * can never reserve more than is left. Answers how many tokens the generation may spend.
 */
export async function reserveTokens(db: TransactionSql, userId: number): Promise<number> {
  await db`select 1 from users where id = ${userId} for update`
  const state = await allowance(db, userId)
  const dailyRoom = state.limit - state.dailyUsed - state.reserved
  const room = dailyRoom + state.billableRoom
  if (room <= 0) {
    if (!state.plus) throw new ApiFailure(429, LIMIT_MESSAGES.free)
    if (!state.usageBased) throw new ApiFailure(429, LIMIT_MESSAGES.plus)
    throw new ApiFailure(429, LIMIT_MESSAGES.priceCap)
  }
  return Math.min(GENERATION_TOKEN_RESERVE, room)
}

/**
 * Records what a generation really spent on today's usage day; what goes past the daily
 * allowance is billable for usage-based subscribers (the billing issue meters it).
 */
export async function chargeTokens(db: TransactionSql, userId: number, tokens: number) {
  if (tokens <= 0) return
  const [row] = await db<{ tokens: number }[]>`
    insert into usage_days (user_id, day, tokens) values (${userId}, ${TODAY(db)}, ${tokens})
    on conflict (user_id, day) do update set tokens = usage_days.tokens + excluded.tokens
    returning tokens::float8 as tokens`
  const plus = await isPlus(userId)
  const limit = plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT
  const over = Math.min(tokens, Math.max(0, (row?.tokens ?? 0) - limit))
  if (plus && over > 0) {
    await db`update usage_days set billable_tokens = billable_tokens + ${over} where user_id = ${userId} and day = ${TODAY(db)}`
  }
}
