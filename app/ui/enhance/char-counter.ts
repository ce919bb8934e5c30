/** What a counter says and its colour, for `count` characters of at most `max` (yellow past `warnAbove`, red past `max`). */
export function counterText(count: number, max: number) {
  return `${count.toLocaleString('en-US')}/${max.toLocaleString('en-US')}`
}
export const COUNTER_TONES = { over: 'text-red-500', near: 'text-yellow-500', fine: 'text-zinc-500' } as const
export const counterTone = (count: number, max: number, warnAbove: number) => (count > max ? 'over' : count > warnAbove ? 'near' : 'fine')

export type CounterOptions = { field: string; max: number; warnAbove: number; trim?: boolean }

/**
 * A character counter that follows its field as it is typed in (`data-enhance="char-counter"`
 * on a page without React; `CharCounter` on a page with it): the field's length (trimmed when
 * `trim`) against its maximum. Answers a function that stops it.
 */
export function countCharacters(counter: HTMLElement, { field: fieldId, max, warnAbove, trim }: CounterOptions) {
  const field = document.getElementById(fieldId)
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return () => {}
  const show = () => {
    const count = trim ? field.value.trim().length : field.value.length
    const tone = counterTone(count, max, warnAbove)
    counter.textContent = counterText(count, max)
    for (const [name, className] of Object.entries(COUNTER_TONES)) counter.classList.toggle(className, name === tone)
  }
  field.addEventListener('input', show)
  show()
  return () => field.removeEventListener('input', show)
}
