import { captures } from '../captures'
import { VisualEditWords } from '../visual/edits'

/**
 * Issue 37.8: an edit of one element the offline rules cannot make can still be made by
 * hand. The element the request names, as a person sees it ("the title", "the “Start”
 * button"), and the words that point to Edit visually for it; undefined when the request
 * names no element of this page.
 */
const PARTS: [RegExp, RegExp, string][] = [
  [/\b(?:title|heading|header)\b/i, /<h1\b[^>]*\bid="title"/, 'the title'],
  [/\b(?:subtitle|tagline|subheading)\b/i, /<p\b[^>]*\bid="subtitle"/, 'the subtitle'],
  [/\b(?:count|number)\b/i, /<p\b[^>]*\bid="count"/, 'the count'],
]

function elementNamed(request: string, code: string): string | undefined {
  const part = PARTS.find(([asked, present]) => asked.test(request) && present.test(code))
  if (part) return part[2]
  const button = /\bthe\s+["“]?([^\s"”][^"”]{0,30}?)["”]?\s+button\b/i.exec(request)?.[1]
  if (!button) return undefined
  const label = [...code.matchAll(/<button\b[^>]*>([^<]+)<\/button>/g)]
    .flatMap((match) => captures(match, 1) ?? [])
    .map((text) => text.trim())
    .find((text) => text.toLowerCase() === button.toLowerCase())
  return label ? `the “${label}” button` : undefined
}

/** What to change by hand, by what the request is about. */
const property = (request: string) =>
  /\b(?:bigger|larger|smaller|size|huge|tiny)\b/i.test(request)
    ? 'its size'
    : /\b(?:colou?r|red|orange|yellow|green|blue|purple|pink|black|white|gr[ae]y|background)\b/i.test(request)
      ? 'its colour'
      : /\b(?:say|says|text|word|wording|label)\b/i.test(request)
        ? 'its text'
        : 'its text, colour or size'

export function editVisuallyHint(request: string, code: string): string | undefined {
  const element = elementNamed(request, code)
  return element ? `Try ${VisualEditWords.toggle}: pick ${element} in the preview and change ${property(request)} there.` : undefined
}
