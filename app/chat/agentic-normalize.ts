/** Spec 2 §7 call 11: the fields trade records are mapped into. */
export const TRADE_FIELDS = [
  'tradeDate',
  'filerName',
  'filerRole',
  'transactionCode',
  'shares',
  'price',
  'value',
  'percentHoldings',
  'filingDate',
  'planFlag',
  'secFilingUrl',
  'sourceUrl',
] as const

const squash = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '')
const ALIASES: Record<string, (typeof TRADE_FIELDS)[number]> = Object.fromEntries([
  ...TRADE_FIELDS.map((field) => [squash(field), field]),
  ['date', 'tradeDate'],
  ['transactiondate', 'tradeDate'],
  ['name', 'filerName'],
  ['insider', 'filerName'],
  ['insidername', 'filerName'],
  ['role', 'filerRole'],
  ['title', 'filerRole'],
  ['relationship', 'filerRole'],
  ['code', 'transactionCode'],
  ['type', 'transactionCode'],
  ['quantity', 'shares'],
  ['qty', 'shares'],
  ['amount', 'value'],
  ['total', 'value'],
  ['percent', 'percentHoldings'],
  ['ownershipchange', 'percentHoldings'],
  ['filed', 'filingDate'],
  ['plan', 'planFlag'],
  ['is10b51', 'planFlag'],
  ['securl', 'secFilingUrl'],
  ['filingurl', 'secFilingUrl'],
  ['url', 'sourceUrl'],
  ['source', 'sourceUrl'],
])

/** A JSON document inside a string becomes the value it holds; anything else stays. */
export function parseJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim()
  if (!/^[[{]/.test(text)) return value
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed
  } catch {
    return value
  }
}

const looksLikeTrade = (record: object) => Object.keys(record).filter((key) => ALIASES[squash(key)]).length >= 3

/**
 * The result a Piece receives: JSON-in-string results are parsed, and an array of trade
 * records has its fields mapped to the names of spec 2 §7 call 11 (other keys are kept).
 */
export function normalizeAgenticResult(value: unknown): unknown {
  const parsed = parseJsonString(value)
  if (!Array.isArray(parsed)) return parsed
  return parsed.map((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item
    if (!looksLikeTrade(item)) return item
    const mapped: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(item)) mapped[ALIASES[squash(key)] ?? key] = value
    return mapped
  })
}
