/**
 * What a picker in the preview keeps from the Piece while it picks (the visual editor's, and
 * the check recorder's while it picks what must be true): presses, keys, typing and submits.
 * Clicks, moves and touches each picker handles itself. Passed in with each script's settings.
 */
export const SWALLOWED_WHILE_PICKING = [
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'dblclick',
  'auxclick',
  'contextmenu',
  'submit',
  'keyup',
  'keypress',
  'input',
  'change',
] as const

/** Text that cannot end the script element it is written into (`<` escaped). */
const inScript = (text: string) => text.replace(/<\/(script)/gi, '<\\/$1')

/**
 * `code` with a script of the preview first (before the Piece's own, so its listeners on the
 * window hear each event first): `source` is the bundled module (scripts/frame-scripts.ts),
 * `config` the settings it reads as it starts (frame/config.ts), written just before it.
 */
export function frameDocument(code: string, name: string, source: string, config: unknown): string {
  const settings = `<script type="application/json" data-pieces-ui data-pieces-config="${name}">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`
  const script = `<script data-pieces-ui>${inScript(source)}</script>`
  const doctype = /^\s*<!doctype[^>]*>/i.exec(code)?.[0] ?? ''
  return `${doctype}${settings}${script}${code.slice(doctype.length)}`
}
