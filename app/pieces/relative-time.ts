const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`

/**
 * "Last updated …" for Piece cards: 'just now' under a minute (and for clock skew into the
 * future), then minutes, hours, days under 30, months (of 30 days) under 12, then years.
 */
export function relativeTime(value: Date | string, now: Date = new Date()): string {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime()
  if (Number.isNaN(time)) return ''
  const elapsed = now.getTime() - time
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour')
  const days = Math.floor(elapsed / DAY)
  if (days < 30) return ago(days, 'day')
  const months = Math.floor(days / 30)
  if (months < 12) return ago(months, 'month')
  return ago(Math.max(1, Math.floor(days / 365)), 'year')
}
