import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from '../lib/db.server'
import { getEnv } from '../lib/env.server'
import { cookieSecrets } from '../lib/secrets.server'
import { codeAt, readDraft } from '../chat/draft'
import { starterDocument } from './starter-document'

/** A preview address stays valid for at least this long after the page that framed it loaded. */
const PREVIEW_LINK_SECONDS = 60 * 60

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`preview:${body}`).digest('base64url')

/**
 * The preview origin's address for a Piece's saved code. The app signs it after checking
 * that the viewer may see the Piece, so the preview origin needs no cookie of the app.
 * The expiry is rounded to the hour so the address (and the browser's cache) stays stable.
 */
export type PreviewKind = 'saved' | 'draft'
const PATHS: Record<PreviewKind, string> = { saved: 'p', draft: 'd' }

export function previewUrl(piece: { id: number; updatedAt: string }, kind: PreviewKind = 'saved', now = Date.now()) {
  const hour = 60 * 60
  const expires = (Math.ceil(now / 1000 / hour) + 1) * hour + (PREVIEW_LINK_SECONDS - hour)
  const version = String(Date.parse(piece.updatedAt))
  const params = new URLSearchParams({ v: version, exp: String(expires), sig: sign(cookieSecrets()[0]!, `${kind}:${piece.id}.${version}.${expires}`) })
  return `${getEnv().PREVIEW_ORIGIN}/${PATHS[kind]}/${piece.id}?${params}`
}

/** True when `sig` was made by us for this Piece and version and has not expired. */
export function verifyPreviewSignature(
  { kind, pieceId, version, expires, signature }: { kind: PreviewKind; pieceId: string; version: string; expires: string; signature: string },
  now = Date.now(),
) {
  if (!/^\d{1,15}$/.test(pieceId) || !/^\d{1,15}$/.test(version) || !/^\d{1,12}$/.test(expires)) return false
  if (Number(expires) * 1000 < now) return false
  const given = Buffer.from(signature)
  return cookieSecrets().some((secret) => {
    const expected = Buffer.from(sign(secret, `${kind}:${pieceId}.${version}.${expires}`))
    return expected.length === given.length && timingSafeEqual(expected, given)
  })
}

export type PreviewDocument = { bytes: Buffer; etag: string }

/**
 * The HTML the preview origin serves: the saved code (or the starter page for a new
 * Piece), or for the editor without JavaScript the draft at its current history point.
 */
export async function loadPreviewDocument(pieceId: number, kind: PreviewKind = 'saved'): Promise<PreviewDocument | null> {
  const [row] = await sql<{ name: string; description: string; code: string; draft: unknown }[]>`
    select name, description, code, draft from pieces where id = ${pieceId}`
  if (!row) return null
  const code = kind === 'draft' ? codeAt(readDraft(row.draft), row.code) : row.code
  const bytes = Buffer.from(code.trim() ? code : starterDocument(row))
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` }
}

/**
 * The draft runner: a page of the preview origin that renders whatever code the app's
 * editor posts to it (the draft as patches arrive), in a frame of its own origin. Only
 * messages from the app origin, sent by the page that framed it, are accepted.
 */
export function runnerDocument(appOrigin: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview</title>
<style>html,body{margin:0;height:100%;background:#fff}iframe{display:block;border:0;width:100%;height:100%}</style></head>
<body><iframe id="piece" title="Piece" sandbox="allow-forms allow-scripts allow-same-origin allow-modals allow-popups allow-downloads"></iframe>
<script>
(function () {
  var app = ${JSON.stringify(appOrigin)};
  var frame = document.getElementById('piece');
  addEventListener('message', function (event) {
    if (event.source === frame.contentWindow && event.data && typeof event.data.type === 'string' && event.data.type.indexOf('agentic:') === 0) {
      parent.postMessage(event.data, app);
      return;
    }
    if (event.origin !== app || event.source !== parent || !event.data) return;
    if (event.data.type === 'piece:render' && typeof event.data.code === 'string') frame.srcdoc = event.data.code;
    if (event.data.type && event.data.type.indexOf('agentic:') === 0 && frame.contentWindow) frame.contentWindow.postMessage(event.data, '*');
  });
  parent.postMessage({ type: 'piece:runner-ready' }, app);
})();
</script></body></html>`
}
