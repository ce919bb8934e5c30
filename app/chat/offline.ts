import { buildTemplate, chooseTemplate, escapeHtml } from './offline-templates'
import { applyPatches, type DiffOperation } from './patch'

export type OfflineResult = { steps: string[]; code: string; patches: DiffOperation[]; full: boolean }

const COLOURS: Record<string, string> = {
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#ca8a04',
  green: '#16a34a',
  teal: '#0d9488',
  blue: '#2563eb',
  indigo: '#4f46e5',
  purple: '#9333ea',
  pink: '#db2777',
  black: '#0f172a',
  white: '#ffffff',
  gray: '#64748b',
  grey: '#64748b',
}

const QUOTED = `["“'‘]([^"”'’\\n]+)["”'’]`

function titleEdit(prompt: string, code: string): DiffOperation[] | null {
  const match = /\b(?:title|heading|name)\b[^\n]*?\b(?:to|:|=)\s*["“'‘]?([^"”'’\n]+?)["”'’]?\s*[.!]?$/i.exec(prompt.trim())
  if (!match) return null
  const next = escapeHtml(match[1]!.trim())
  const ops: DiffOperation[] = []
  const title = /<title>[^<]*<\/title>/.exec(code)?.[0]
  const heading = /<h1>[^<]*<\/h1>/.exec(code)?.[0]
  if (title) ops.push({ type: 'replace', target: title, content: `<title>${next}</title>` })
  if (heading) ops.push({ type: 'replace', target: heading, content: `<h1>${next}</h1>` })
  return ops.length ? ops : null
}

function colourEdit(prompt: string, code: string): DiffOperation[] | null {
  if (/\bdark\b/i.test(prompt) && /\b(mode|theme|background)\b/i.test(prompt)) {
    return [
      ['--background', '#0f172a'],
      ['--card', '#1e293b'],
      ['--text', '#f8fafc'],
    ].flatMap(([name, value]) => {
      const line = new RegExp(`${name}: [^;]+;`).exec(code)?.[0]
      return line ? [{ type: 'replace' as const, target: line, content: `${name}: ${value};` }] : []
    })
  }
  const named = /\b(red|orange|yellow|green|teal|blue|indigo|purple|pink|black|white|gr[ae]y)\b/i.exec(prompt)?.[1]
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(prompt)?.[0]
  if ((!named && !hex) || !/\b(colou?rs?|background|accent|buttons?|theme|make it)\b/i.test(prompt)) return null
  const value = hex ? hex.toLowerCase() : COLOURS[named!.toLowerCase()]!
  const name = /\bbackground\b/i.test(prompt) ? '--background' : '--accent'
  const line = new RegExp(`${name}: [^;]+;`).exec(code)?.[0]
  return line ? [{ type: 'replace', target: line, content: `${name}: ${value};` }] : null
}

function textEdit(prompt: string, code: string): DiffOperation[] | null {
  const match = new RegExp(`\\b(?:change|replace|rename)\\s+${QUOTED}\\s+(?:to|with|into)\\s+${QUOTED}`, 'i').exec(prompt)
  if (!match) return null
  const from = escapeHtml(match[1]!)
  return code.includes(from) ? [{ type: 'replace', target: from, content: escapeHtml(match[2]!) }] : null
}

/**
 * The offline generator: deterministic, fast and honest (every page says it was made
 * offline). A first request builds the matching app; a follow-up edit to the title,
 * colours or a piece of text becomes real patches against the current code; a request for
 * another kind of app rebuilds; anything else is added to the page as a note.
 */
export function offlineGenerate(prompt: string, currentCode: string): OfflineResult {
  const request = prompt.trim()
  if (!currentCode.trim()) {
    return { steps: ['Lay out the page', 'Add the behaviour'], code: buildTemplate(chooseTemplate(request), request), patches: [], full: true }
  }
  const edits = titleEdit(request, currentCode) ?? colourEdit(request, currentCode) ?? textEdit(request, currentCode)
  if (edits?.length) {
    const outcome = applyPatches(currentCode, edits)
    if (outcome.ok) return { steps: ['Update the page'], code: outcome.code, patches: edits, full: false }
  }
  const wanted = chooseTemplate(request)
  if (wanted !== 'page') return { steps: ['Lay out the page', 'Add the behaviour'], code: buildTemplate(wanted, request), patches: [], full: true }
  const heading = /<h1>[^<]*<\/h1>/.exec(currentCode)?.[0]
  if (heading) {
    const note: DiffOperation[] = [{ type: 'insert', target: heading, content: `\n  <p>${escapeHtml(request)}</p>` }]
    const outcome = applyPatches(currentCode, note)
    if (outcome.ok) return { steps: ['Update the page'], code: outcome.code, patches: note, full: false }
  }
  return { steps: ['Lay out the page'], code: buildTemplate('page', request), patches: [], full: true }
}
