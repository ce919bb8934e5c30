import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { sql } from '../lib/db.server'
import { configuredOrigins, pieceOriginIn, type PreviewOrigins } from '../lib/origins.server'
import { cookieSecrets, signingSecret } from '../lib/secrets.server'
import { codeAt, readDraft } from './draft'
import { starterDocument } from './starter-document'
import dataClientSource from 'virtual:frame-script/piece-data'
import localDataClientSource from 'virtual:frame-script/piece-data-local'

/** A preview address stays valid for at least this long after the page that framed it loaded. */
const PREVIEW_LINK_SECONDS = 60 * 60

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(`preview:${body}`).digest('base64url')

/**
 * The preview origin's address for a Piece's saved code. The app signs it after checking
 * that the viewer may see the Piece, so the preview origin needs no cookie of the app.
 * The expiry is rounded to the hour so the address (and the browser's cache) stays stable.
 */
export type PreviewKind = 'saved' | 'draft' | 'check' | 'version'
const PATHS: Record<PreviewKind, string> = { saved: 'p', draft: 'd', check: 'c', version: 'v' }
export const PREVIEW_KIND_OF_PATH: Record<string, PreviewKind> = { p: 'saved', d: 'draft', c: 'check', v: 'version' }

type SignOptions = { origins?: PreviewOrigins; now?: number }

function signedUrl(kind: PreviewKind, pieceId: number, version: string, { origins = configuredOrigins(), now = Date.now() }: SignOptions) {
  const hour = 60 * 60
  const expires = (Math.ceil(now / 1000 / hour) + 1) * hour + (PREVIEW_LINK_SECONDS - hour)
  const params = new URLSearchParams({ v: version, exp: String(expires), sig: sign(signingSecret(), `${kind}:${pieceId}.${version}.${expires}`) })
  return `${pieceOriginIn(origins, pieceId)}/${PATHS[kind]}/${pieceId}?${params}`
}

export function previewUrl(piece: { id: number; updatedAt: string }, kind: 'saved' | 'draft' = 'saved', options: SignOptions = {}) {
  return signedUrl(kind, piece.id, String(Date.parse(piece.updatedAt)), options)
}

/**
 * The address of the code a running generation is checking in a browser (issue 13.1):
 * served on the Piece's own origin, as the draft will be, while the generation runs.
 */
export const checkPreviewUrl = (pieceId: number, generationId: number, options: SignOptions = {}) => signedUrl('check', pieceId, String(generationId), options)

/** Issue 40.3: the address of a version the worker checks that no generation made (app/checks/versions.server.ts), by its id there. */
export const versionPreviewUrl = (pieceId: number, id: number, options: SignOptions = {}) => signedUrl('version', pieceId, String(id), options)

/** The draft runner of a Piece, on the Piece's own origin so the draft shares its storage. */
export const runnerUrl = (pieceId: number, origins: PreviewOrigins) => `${pieceOriginIn(origins, pieceId)}/runner`

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
 * Runs before a Piece's own code. A Piece is framed from another site than the app's
 * (docs/decisions/0014), and browsers that block third-party storage (Chromium with its
 * third-party cookie phase-out, Chrome incognito, Brave) throw on `localStorage` in such a
 * frame, which would break every Piece that saves its state. There the Piece gets an
 * in-memory Storage instead: it works, and forgets on reload.
 */
const STORAGE_FALLBACK = `<script>(function () {
  function memory() {
    var items = new Map();
    return {
      get length() { return items.size; },
      key: function (i) { return Array.from(items.keys())[i] ?? null; },
      getItem: function (k) { k = String(k); return items.has(k) ? items.get(k) : null; },
      setItem: function (k, v) { items.set(String(k), String(v)); },
      removeItem: function (k) { items.delete(String(k)); },
      clear: function () { items.clear(); }
    };
  }
  ['localStorage', 'sessionStorage'].forEach(function (name) {
    try { window[name].getItem('pieces'); } catch (error) {
      Object.defineProperty(window, name, { value: memory(), configurable: true });
    }
  });
})();</script>`

/** A frame script as a script element, its text unable to end the element early. */
const scriptOf = (source: string) => `<script>${source.replace(/<\/(script)/gi, '<\\/$1')}</script>`

/** `pieces.data` (issue 39), ready before the Piece's own scripts run. */
const DATA_CLIENT = scriptOf(dataClientSource)

/**
 * A downloaded Piece's `pieces.data`: the same calls, kept in that browser only, said so in a
 * comment a reader of the file sees first.
 */
const LOCAL_DATA_CLIENT = `<!-- Downloaded from Pieces: this file keeps its data (pieces.data) in this browser only. Nothing is shared with other people, as it is on Pieces. -->${scriptOf(localDataClientSource)}`

/** A downloaded Piece's HTML: the storage fallback and its data kept in the browser, before its own scripts. */
export function asDownload(html: string) {
  return withPrelude(html, `${STORAGE_FALLBACK}${LOCAL_DATA_CLIENT}`)
}

/** What runs first in a Piece's frame wherever Pieces serves it: the storage fallback and `pieces.data`. */
const FRAME_PRELUDE = `${STORAGE_FALLBACK}${DATA_CLIENT}`

/** A Piece's HTML with `prelude` first (after its doctype, so the mode is kept). */
function withPrelude(html: string, prelude: string) {
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? ''
  return `${doctype}${prelude}${html.slice(doctype.length)}`
}

/**
 * The HTML the preview origin serves: the saved code (or the starter page for a new
 * Piece, worded for visitors), or for the editor without JavaScript the draft at its current history point.
 * A saved-code address serves only the version it was signed for: code saved later (say,
 * after the Piece went private) needs a new address, which only a viewer allowed to see
 * the Piece gets.
 */
export async function loadPreviewDocument(pieceId: number, kind: PreviewKind, version: string): Promise<PreviewDocument | null> {
  if (kind === 'check') {
    const [check] = await sql<{ code: string }[]>`
      select checked_code as code from generations
      where id = ${version} and piece_id = ${pieceId} and status = 'running' and checked_code is not null`
    return check ? document(check.code) : null
  }
  if (kind === 'version') {
    const [checked] = await sql<{ code: string }[]>`select code from piece_version_checks where id = ${version} and piece_id = ${pieceId}`
    return checked ? document(checked.code) : null
  }
  const [row] = await sql<{ name: string; description: string; code: string; draft: unknown; version: string }[]>`
    select name, description, code, draft, floor(extract(epoch from updated_at) * 1000)::bigint::text as version from pieces where id = ${pieceId}`
  if (!row || (kind === 'saved' && row.version !== version)) return null
  const code = kind === 'draft' ? codeAt(readDraft(row.draft), row.code) : row.code
  // The saved version is the public page, seen by visitors; the draft is the owner's (editor without JavaScript).
  return document(code.trim() ? code : starterDocument(row, kind === 'saved' ? 'visitor' : 'owner'))
}

function document(html: string): PreviewDocument {
  const bytes = Buffer.from(withPrelude(html, FRAME_PRELUDE))
  return { bytes, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"` }
}

/**
 * The draft runner: a page of the preview origin that renders whatever code the app's
 * editor posts to it (the draft as patches arrive), in a frame of its own origin. Only
 * messages from an app origin, sent by the page that framed it, are accepted; it answers
 * the origin the app was opened at. It says it is ready (naming this document) when it
 * starts and whenever the app asks.
 */
export function runnerDocument(appOrigins: string[]) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Preview</title>
<style>html,body{margin:0;height:100%;background:#fff}iframe{display:block;border:0;width:100%;height:100%}</style></head>
<body><iframe id="piece" title="Piece" sandbox="allow-forms allow-scripts allow-same-origin allow-modals allow-popups allow-downloads"></iframe>
<script>
(function () {
  var apps = ${JSON.stringify(appOrigins)};
  var ancestor = location.ancestorOrigins && location.ancestorOrigins[0];
  var app = apps.indexOf(ancestor) >= 0 ? ancestor : apps[0];
  var frame = document.getElementById('piece');
  var instance = Math.random().toString(36).slice(2);
  var fallback = ${JSON.stringify(FRAME_PRELUDE).replaceAll('</', '<\\/')};
  function withFallback(code) {
    var doctype = (/^\\s*<!doctype[^>]*>/i.exec(code) || [''])[0];
    return doctype + fallback + code.slice(doctype.length);
  }
  addEventListener('message', function (event) {
    if (event.source === frame.contentWindow && event.data && typeof event.data.type === 'string' && (event.data.type.indexOf('agentic:') === 0 || event.data.type.indexOf('visual:') === 0 || event.data.type.indexOf('check:') === 0 || event.data.type.indexOf('review:') === 0 || event.data.type.indexOf('data:') === 0)) {
      parent.postMessage(event.data, app);
      return;
    }
    if (apps.indexOf(event.origin) < 0 || event.source !== parent || !event.data) return;
    app = event.origin;
    if (event.data.type === 'piece:runner-hello') parent.postMessage({ type: 'piece:runner-ready', instance: instance }, app);
    if (event.data.type === 'piece:render' && typeof event.data.code === 'string') frame.srcdoc = withFallback(event.data.code);
    if (event.data.type && event.data.type.indexOf('agentic:') === 0 && frame.contentWindow) frame.contentWindow.postMessage(event.data, '*');
    // Issue 39.3: the app page answers the Piece's request for its data token.
    if (event.data.type && event.data.type.indexOf('data:') === 0 && frame.contentWindow) frame.contentWindow.postMessage(event.data, location.origin);
    // Issue 30.1: the visual editor's picker runs in the Piece's frame; with the mode on, keys go to it.
    if (event.data.type && event.data.type.indexOf('visual:') === 0 && frame.contentWindow) {
      frame.contentWindow.postMessage(event.data, '*');
      if (event.data.type === 'visual:mode' && event.data.on) frame.focus();
    }
    // Issue 40.1: the review's outliner runs in the Piece's frame too.
    if (event.data.type && event.data.type.indexOf('review:') === 0 && frame.contentWindow) frame.contentWindow.postMessage(event.data, '*');
    // Issue 31.1: the check recorder runs in the Piece's frame too; while picking, keys go to it.
    if (event.data.type && event.data.type.indexOf('check:') === 0 && frame.contentWindow) {
      frame.contentWindow.postMessage(event.data, '*');
      if (event.data.type === 'check:mode' && event.data.mode === 'pick') frame.focus();
    }
  });
  // Where the browser names the framing page's origin, only that one is told (the others would log a refused postMessage).
  (apps.indexOf(ancestor) >= 0 ? [ancestor] : apps).forEach(function (origin) { parent.postMessage({ type: 'piece:runner-ready', instance: instance }, origin); });
})();
</script></body></html>`
}
