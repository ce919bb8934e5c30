/** The header a form sent by keepFormWhenUnreachable carries; server/remix.ts answers its redirect as 204 + X-Location. */
export const KEPT_FORM_HEADER = 'X-Pieces-Kept-Form'

/**
 * Issue 26.5 on a page without React (docs/decisions/0040): the form is sent with fetch, so a
 * connection that drops as it leaves shows the form's failure toast (`title`, `description`)
 * (and in `errorSlotId`, where the form says its problems) and keeps everything typed, instead of the browser's error page. A redirect (the form was
 * handled) is followed as a navigation, so the toast it carries in its cookie shows there; any
 * other answer (a refusal with its field errors) replaces the page's body, as a plain post would.
 * Sent as source text: it uses nothing outside itself.
 */
export function keepFormWhenUnreachable(formId: string, errorSlotId: string | null, title: string, description: string, header: string) {
  const form = document.getElementById(formId)
  if (!(form instanceof HTMLFormElement)) return
  const say = () => {
    const toast = document.createElement('div')
    toast.setAttribute('role', 'alert')
    toast.className =
      'fixed right-4 bottom-4 left-4 z-50 rounded-lg border border-red-300 bg-white p-4 text-sm text-zinc-900 shadow-lg sm:left-auto sm:w-80 dark:border-red-800 dark:bg-zinc-900 dark:text-zinc-100'
    const heading = document.createElement('p')
    heading.className = 'font-semibold text-red-700 dark:text-red-400'
    heading.textContent = title
    const detail = document.createElement('p')
    detail.className = 'mt-1'
    detail.textContent = description
    toast.append(heading, detail)
    document.body.append(toast)
    setTimeout(() => toast.remove(), 5000)
    // In the form too, where its other problems are said.
    const slot = errorSlotId ? document.getElementById(errorSlotId) : null
    if (slot) slot.textContent = description
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const buttons = [...form.querySelectorAll('button')]
    const fields = new FormData(form, event.submitter)
    const body =
      form.enctype === 'multipart/form-data'
        ? fields
        : new URLSearchParams([...fields].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    buttons.forEach((button) => (button.disabled = true))
    fetch(form.action, { method: 'POST', body, headers: { [header]: '1' }, credentials: 'same-origin' })
      .then(async (response) => {
        const next = response.headers.get('X-Location')
        if (response.status === 204 && next) {
          const target = new URL(next, location.href)
          // The same page with another fragment would only scroll: it is loaded again, for the toast the redirect set.
          if (target.pathname === location.pathname && target.search === location.search) {
            history.replaceState(null, '', target.href)
            return location.reload()
          }
          return location.assign(target.href)
        }
        // A refusal: its page takes this one's place, as a plain post's would. Its scripts do not
        // run (their nonce is not this page's), so this form's own is bound again by hand.
        const page = new DOMParser().parseFromString(await response.text(), 'text/html')
        document.title = page.title
        document.body.replaceWith(document.adoptNode(page.body))
        history.replaceState(null, '', response.url)
        keepFormWhenUnreachable(formId, errorSlotId, title, description, header)
      })
      .catch(() => {
        buttons.forEach((button) => (button.disabled = false))
        say()
      })
  })
}
