import { REDIRECT_LOCATION_HEADER, REDIRECT_MODE_HEADER } from '~/lib/redirect-mode'

/** `errorSlot`: where the form says its problems, to say `message` there too. */
export type KeepFormOptions = { errorSlot: string | null; message: string }

/**
 * A form on a page without React that keeps what was typed when its post never reaches the
 * server (issue 26.5; with React, the routes' `clientAction` does this). Marked by a
 * `<template data-enhance="keep-form">` inside the form, holding the failure toast (the
 * app's `StaticToast`, in the form's words). The form is sent with fetch; a connection that
 * drops as it leaves shows that toast (and its message in `errorSlot`, where the form says its
 * problems) and leaves the page as it is. Any answer is the plain post's: a redirect (the
 * generic `X-Redirect-Mode: manual` of app/lib/redirect-mode.ts, answered 204 with the
 * address by the HTTP layer) is
 * followed as a navigation, so the toast it set shows there; any other answer (a refusal with
 * its field errors) is the page that takes this one's place, enhanced again by `rerun`.
 */
export function keepForm(template: HTMLTemplateElement, { errorSlot, message }: KeepFormOptions, rerun: (root: ParentNode) => void) {
  const form = template.closest('form')
  if (!form) return
  const fail = () => {
    document.querySelector('[data-kept-form-toast]')?.remove()
    const toast = document.createElement('div')
    toast.setAttribute('data-kept-form-toast', '')
    toast.append(template.content.cloneNode(true))
    document.body.append(toast)
    const slot = errorSlot ? document.getElementById(errorSlot) : null
    if (slot) slot.textContent = message
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
    fetch(form.action, { method: 'POST', body, headers: { [REDIRECT_MODE_HEADER]: 'manual' }, credentials: 'same-origin' })
      .then(async (response) => {
        const next = response.headers.get(REDIRECT_LOCATION_HEADER)
        if (response.status === 204 && next) return navigate(new URL(next, location.href))
        // Its scripts do not run (their nonce is not this page's): the page's enhancements attach again.
        const page = new DOMParser().parseFromString(await response.text(), 'text/html')
        document.title = page.title
        document.body.replaceWith(document.adoptNode(page.body))
        history.replaceState(null, '', response.url)
        rerun(document)
      })
      .catch(() => {
        buttons.forEach((button) => (button.disabled = false))
        fail()
      })
  })
}

/** The same page with another fragment would only scroll: it is loaded again, for the toast the redirect set. */
function navigate(target: URL) {
  if (target.pathname !== location.pathname || target.search !== location.search) return location.assign(target.href)
  history.replaceState(null, '', target.href)
  location.reload()
}
