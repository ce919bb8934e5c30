import { DEFAULT_TOKEN_PRICE_PER_MILLION, FREE_DAILY_TOKEN_LIMIT, PLUS_DAILY_TOKEN_LIMIT } from '~/lib/constants'
import { sql, type Db } from '~/lib/db.server'
import { readUsage } from './limits.server'

export type UsageData = {
  dailyTokenCount: number
  tokenLimit: number
  usageBasedPricing: boolean
  billableTokenCount: number
  tokenPricePerMillion: number
  priceCap: number | null
}

/** Spec 1 §3 usage data for today's usage day (America/New_York); `db`: a transaction's handle, inside one. */
export async function getUsage(userId: number, db: Db = sql): Promise<UsageData> {
  const usage = await readUsage(db, userId)
  return {
    dailyTokenCount: usage.dailyUsed,
    tokenLimit: usage.plus ? PLUS_DAILY_TOKEN_LIMIT : FREE_DAILY_TOKEN_LIMIT,
    usageBasedPricing: usage.usageBased,
    billableTokenCount: usage.monthBillable,
    tokenPricePerMillion: DEFAULT_TOKEN_PRICE_PER_MILLION,
    priceCap: usage.priceCap,
  }
}
