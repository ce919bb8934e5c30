/**
 * The agentic bridge on a visitor's page without React (docs/decisions/0040): a Piece's
 * `agentic:execute` takes the visitor to sign up, as the bridge with React does; messages from
 * any other origin or window are ignored. Attached by `data-enhance="visitor-bridge"`.
 */
export function sendVisitorsToSignUp({ previewOrigin }: { previewOrigin: string }) {
  window.addEventListener('message', (event) => {
    const frame = document.querySelector('main iframe')
    if (event.origin !== previewOrigin || !(frame instanceof HTMLIFrameElement) || event.source !== frame.contentWindow) return
    const data: unknown = event.data
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'agentic:execute') window.location.assign('/signup')
  })
}
