export const USAGE_WARN_RATIO = 0.8

/** Token counts with thousands separators (spec 1 §2.5). */
export const formatTokens = (count: number) => Math.round(count).toLocaleString('en-US')

/** Billable tokens ÷ 1,000,000 × price per million, to 2 decimals. */
export function billedAmount(billableTokens: number, pricePerMillion: number) {
  return ((billableTokens / 1_000_000) * pricePerMillion).toFixed(2)
}

/** The metered price in cents per token, as the billing provider bills it ($0.50 per million is 0.00005). */
export const centsPerToken = (pricePerMillion: number) => Number(((pricePerMillion * 100) / 1_000_000).toPrecision(12))

/** What the provider bills for a month's metered tokens: their count × the cents per token, rounded to the cent. */
export const monthCents = (billableTokens: number, pricePerMillion: number) => Math.round(billableTokens * centsPerToken(pricePerMillion))

/**
 * Issue 29.4: what some tokens add to the month's bill, given what the month had billed
 * before them: the bill after less the bill before, each as the provider rounds it, so a
 * month of turns adds up to the invoice to the cent.
 */
export const addedCents = (monthBefore: number, billableTokens: number, pricePerMillion: number) =>
  monthCents(monthBefore + billableTokens, pricePerMillion) - monthCents(monthBefore, pricePerMillion)

/**
 * Cents shared out by weight (a turn's billed cents among its calls, by their tokens): each
 * share rounded down, the cents left over to the largest remainders, so the shares add up
 * to the whole exactly.
 */
export function shareCents(cents: number, weights: number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  if (total <= 0) return weights.map(() => 0)
  const exact = weights.map((weight) => (cents * weight) / total)
  const shares = exact.map(Math.floor)
  const left = cents - shares.reduce((sum, share) => sum + share, 0)
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder)
  for (const { index } of order.slice(0, left)) shares[index]! += 1
  return shares
}

/** "$1.23" */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** The usage bar: its width capped at 100%, amber above 80% of the limit. */
export function usageBar(count: number, limit: number) {
  const ratio = limit > 0 ? count / limit : 0
  return { percent: Math.min(100, Math.max(0, ratio * 100)), warning: ratio > USAGE_WARN_RATIO }
}

/** Compact counts with 1 decimal for the chat's token bar (1.2K, 3.4M). */
export function compactTokens(count: number) {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(count)
}
