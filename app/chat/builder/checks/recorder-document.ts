import { CHECK_KEYS, CHECK_ROLES, CHECK_VALUE_MAX } from '~/checks/schema'
import { enhancementSource } from '~/ui/enhancement'
import { namedSource } from '../visual/named-source'
import { SWALLOWED_WHILE_PICKING } from '../visual/picker'
import { checkRecorder } from './recorder'

/** The longest visible text a step may find an element by: longer is not how a person names it, and breaks at the first edit. */
export const CHECK_TEXT_LOCATOR_MAX = 60

/**
 * Storage that starts empty and is forgotten with the page: while recording, the Piece
 * starts as the worker's browser will run the check (a fresh page, nothing saved), not
 * from whatever the owner's preview had stored.
 */
function freshStorage() {
  const memory = () => {
    const items = new Map<string, string>()
    return {
      get length() {
        return items.size
      },
      key: (index: number) => Array.from(items.keys())[index] ?? null,
      getItem: (key: string) => items.get(String(key)) ?? null,
      setItem: (key: string, value: string) => void items.set(String(key), String(value)),
      removeItem: (key: string) => void items.delete(String(key)),
      clear: () => items.clear(),
    }
  }
  for (const name of ['localStorage', 'sessionStorage']) Object.defineProperty(window, name, { value: memory(), configurable: true })
}

/**
 * What the preview shows while a check is recorded (issue 31.1): the code at the current
 * point with fresh storage and the recorder first, before the Piece's scripts. `take` makes
 * each recording (and each Start over) a document of its own, so the preview starts the
 * Piece afresh.
 */
export function recorderDocument(code: string, take: number): string {
  const setup = { take, roles: CHECK_ROLES, keys: CHECK_KEYS, valueMax: CHECK_VALUE_MAX, textMax: CHECK_TEXT_LOCATOR_MAX, swallowed: SWALLOWED_WHILE_PICKING }
  const source = `${enhancementSource(freshStorage, [])};\n${namedSource(checkRecorder, [setup])}`
  const script = `<script data-pieces-ui>${source.replace(/<\/(script)/gi, '<\\/$1')}</script>`
  const doctype = /^\s*<!doctype[^>]*>/i.exec(code)?.[0] ?? ''
  return `${doctype}${script}${code.slice(doctype.length)}`
}
