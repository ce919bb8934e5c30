/** '22 Nov': the day and short month of a seconds timestamp (spec 1 §2.5). */
export function dayAndShortMonth(seconds: number) {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** '22 Nov 2026': an invoice's date. */
export function dayMonthYear(seconds: number) {
  return new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}
