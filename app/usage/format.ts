export const USAGE_WARN_RATIO = 0.8

/** Token counts with thousands separators (spec 1 §2.5). */
export const formatTokens = (count: number) => Math.round(count).toLocaleString('en-US')

/** Billable tokens ÷ 1,000,000 × price per million, to 2 decimals. */
export function billedAmount(billableTokens: number, pricePerMillion: number) {
  return ((billableTokens / 1_000_000) * pricePerMillion).toFixed(2)
}

/** The usage bar: its width capped at 100%, amber above 80% of the limit. */
export function usageBar(count: number, limit: number) {
  const ratio = limit > 0 ? count / limit : 0
  return { percent: Math.min(100, Math.max(0, ratio * 100)), warning: ratio > USAGE_WARN_RATIO }
}

/** Compact counts with 1 decimal for the chat's token bar (1.2K, 3.4M). */
export function compactTokens(count: number) {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(count)
}
