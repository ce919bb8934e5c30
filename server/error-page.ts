import { DATABASE_UNAVAILABLE_TITLE } from '../app/lib/messages'

const TITLES: Record<number, string> = { 429: 'Slow down a little', 503: DATABASE_UNAVAILABLE_TITLE }

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** A page for errors answered outside Remix (rate limits, oversized bodies, CSRF, the database down). */
export function renderErrorPage(status: number, message: string) {
  const title = TITLES[status] ?? 'Request refused'
  return `<!doctype html><html lang="en" class="dark"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title} · Pieces</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090b;color:#f4f4f5;font:16px/1.5 system-ui,sans-serif}main{max-width:28rem;padding:2rem;text-align:center}a{color:#a78bfa}</style></head>
<body><main><h1>${title}</h1><p>${escape(message)}</p><p><a href="${status === 503 ? '' : '/landing'}">${status === 503 ? 'Try again' : 'Back to Pieces'}</a></p></main></body></html>`
}
