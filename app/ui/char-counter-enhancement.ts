/**
 * A character counter that follows its field on a page without React (docs/decisions/0040),
 * in the words and colours of `CharCounter`. Sent as source text: it uses nothing outside itself.
 */
export function countCharacters(fieldId: string, counterId: string, max: number, warnAbove: number) {
  const field = document.getElementById(fieldId)
  const counter = document.getElementById(counterId)
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) || !counter) return
  const show = () => {
    const count = field.value.length
    counter.textContent = `${count.toLocaleString('en-US')}/${max.toLocaleString('en-US')}`
    counter.classList.toggle('text-red-500', count > max)
    counter.classList.toggle('text-yellow-500', count <= max && count > warnAbove)
    counter.classList.toggle('text-zinc-500', count <= warnAbove)
  }
  field.addEventListener('input', show)
  show()
}
