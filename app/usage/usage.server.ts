import { isPlus } from '~/billing/subscription.server'
import { DEFAULT_TOKEN_PRICE_PER_MILLION, FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '~/lib/constants'
import { sql } from '~/lib/db.server'

export type UsageData = {
  dailyTokenCount: number
  tokenLimit: number
  usageBasedPricing: boolean
  billableTokenCount: number
  tokenPricePerMillion: number
  priceCap: number | null
}

/** Spec 1 §3 usage data for today's usage day (America/New_York). */
export async function getUsage(userId: number): Promise<UsageData> {
  const [[today], [settings], plus] = await Promise.all([
    sql<{ tokens: number }[]>`
      select tokens::float8 as tokens from usage_days
      where user_id = ${userId} and day = (now() at time zone ${USAGE_TIME_ZONE})::date`,
    sql<{ usageBasedPricing: boolean; priceCap: number | null }[]>`
      select usage_based_pricing as "usageBasedPricing", price_cap as "priceCap" from usage_settings where user_id = ${userId}`,
    isPlus(sql, userId),
  ])
  const [billable] = await sql<{ tokens: number }[]>`
    select coalesce(sum(billable_tokens), 0)::float8 as tokens from usage_days
    where user_id = ${userId}
      and day >= date_trunc('month', now() at time zone ${USAGE_TIME_ZONE})::date`
  return {
    dailyTokenCount: today?.tokens ?? 0,
    tokenLimit: plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT,
    usageBasedPricing: plus && (settings?.usageBasedPricing ?? false),
    billableTokenCount: billable?.tokens ?? 0,
    tokenPricePerMillion: DEFAULT_TOKEN_PRICE_PER_MILLION,
    priceCap: settings?.priceCap ?? null,
  }
}
