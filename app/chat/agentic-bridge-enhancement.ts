/**
 * The agentic bridge on a visitor's page without React (docs/decisions/0040): a Piece's
 * `agentic:execute` takes the visitor to sign up, as the hydrated bridge does; messages from
 * any other origin or window are ignored. Sent as source text: it uses nothing outside itself.
 */
export function sendVisitorsToSignUp(previewOrigin: string) {
  window.addEventListener('message', (event) => {
    const frame = document.querySelector('main iframe')
    if (event.origin !== previewOrigin || !(frame instanceof HTMLIFrameElement) || event.source !== frame.contentWindow) return
    if ((event.data as { type?: unknown } | null)?.type === 'agentic:execute') window.location.assign('/signup')
  })
}
