/** Text made safe to put in HTML (also in a double-quoted attribute). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES.get(char) ?? char)

const HTML_ESCAPES = new Map([
  ['&', '&amp;'],
  ['<', '&lt;'],
  ['>', '&gt;'],
  ['"', '&quot;'],
  ["'", '&#39;'],
])

/** The line under the name: the owner is told what to do; a visitor, who has no chat, is told what to expect. */
export const STARTER_TEXT = {
  owner: 'Your Piece will appear here. Describe what you want to build in the chat, and it comes to life in this space.',
  visitor: 'Nothing to see here yet. This Piece is still being built; check back soon.',
} as const

/**
 * What the preview shows for a Piece without code yet: a calm placeholder that names the
 * Piece and says what to do. Plain HTML and CSS, no script, so it needs nothing from the app.
 */
export function starterDocument(piece: { name: string; description?: string }, audience: keyof typeof STARTER_TEXT = 'owner'): string {
  const name = escapeHtml(piece.name)
  const description = piece.description?.trim() ? `<p class="description">${escapeHtml(piece.description.trim())}</p>` : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>
  :root { color-scheme: light dark; --bg: #ffffff; --fg: #18181b; --muted: #71717a; --ring: #e4e4e7; }
  @media (prefers-color-scheme: dark) { :root { --bg: #18181b; --fg: #fafafa; --muted: #a1a1aa; --ring: #3f3f46; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 24px; }
  main { max-width: 28rem; text-align: center; }
  .mark { width: 56px; height: 56px; margin: 0 auto 20px; border-radius: 16px; border: 2px dashed var(--ring);
    display: grid; place-items: center; font-size: 26px; color: var(--muted); }
  h1 { margin: 0 0 8px; font-size: 1.375rem; font-weight: 600; letter-spacing: -0.01em; overflow-wrap: anywhere; }
  p { margin: 0; color: var(--muted); }
  .description { margin-bottom: 12px; color: var(--fg); opacity: 0.8; }
</style>
</head>
<body>
<main>
  <div class="mark" aria-hidden="true">✦</div>
  <h1>${name}</h1>
  ${description}
  <p>${STARTER_TEXT[audience]}</p>
</main>
</body>
</html>
`
}
