import { captures, firstCapture } from '../captures'
import type { DiffOperation } from '../patch'
import { capitalise, COLOUR_NAMES, colourIn, withoutColour } from './details'
import { businessOf, sectionId, sectionKey, sectionMarkup, SECTIONS } from './landing'
import { kindOf as kindFor } from './kinds'
import { fieldId, fieldMarkup, fieldType, itemMarkup } from './lists'
import { ownButton, ownButtonsOf } from './own-actions'
import { DARK, escapeHtml, LIGHT } from './page'
import { durationEdit } from './timers'

/**
 * What a follow-up became: patches to apply, or an honest reason it cannot be done offline
 * (`already` when the page is already as asked, so there is nothing to do).
 */
export type Edit = { ops: DiffOperation[] } | { answer: string; already?: true }

const article = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`
const unquote = (text: string) =>
  text
    .trim()
    .replace(/^["“‘']|["”’'.!]+$/g, '')
    .trim()
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const kindOf = (code: string) => /<main id="app" data-kind="([^"]+)"/.exec(code)?.[1]

/** Replaces one `:root` line, `--name: value;`. */
function setVariable(code: string, name: string, value: string): DiffOperation | null {
  const line = new RegExp(`--${name}: [^;]+;`).exec(code)?.[0]
  return line ? { type: 'replace', target: line, content: `--${name}: ${value};` } : null
}
const variables = (code: string, values: Record<string, string>) => Object.entries(values).flatMap(([name, value]) => setVariable(code, name, value) ?? [])
const noHook = (what: string): Edit => ({ answer: `this page has no ${what} the offline builder can find` })

function rename(request: string, code: string): Edit | null {
  const match =
    /\b(?:change|set|rename|update|make)\s+(?:the\s+)?(?:app'?s?\s+|page'?s?\s+|main\s+)?(?:title|heading|name|header)\s+(?:to\s+(?:say|read)\s+|to|into|as|:|says?|reads?)\s*(.+)$/i.exec(
      request,
    ) ??
    /\b(?:call|rename|name)\s+(?:it|the app|the page|this)\s+(?:to\s+)?(.+)$/i.exec(request) ??
    /^(?:title|heading)\s*[:=]\s*(.+)$/i.exec(request)
  const [named] = captures(match, 1) ?? []
  if (named === undefined) return null
  const next = escapeHtml(unquote(named))
  if (!next) return null
  const title = /<title>[^<]*<\/title>/.exec(code)?.[0]
  const heading = /<h1[^>]*>[^<]*<\/h1>/.exec(code)?.[0]
  const ops: DiffOperation[] = []
  if (title) ops.push({ type: 'replace', target: title, content: `<title>${next}</title>` })
  if (heading) ops.push({ type: 'replace', target: heading, content: heading.replace(/>[^<]*</, `>${next}<`) })
  return ops.length ? { ops } : noHook('title')
}

function subtitle(request: string, code: string): Edit | null {
  const match =
    /\b(?:change|set|make|update)\s+(?:the\s+)?(?:subtitle|tagline|slogan|subheading|description)\s+(?:to|:)\s*(.+)$/i.exec(request) ??
    /\badd\s+(?:a\s+)?(?:subtitle|tagline|slogan)\s*(?:saying|that says|:)?\s*(.+)$/i.exec(request)
  const [said] = captures(match, 1) ?? []
  if (said === undefined) return null
  const next = escapeHtml(unquote(said))
  const current = /<p id="subtitle" class="subtitle">[^<]*<\/p>/.exec(code)?.[0]
  if (current) return { ops: [{ type: 'replace', target: current, content: `<p id="subtitle" class="subtitle">${next}</p>` }] }
  const heading = /<h1 id="title">[^<]*<\/h1>/.exec(code)?.[0]
  return heading ? { ops: [{ type: 'insert', target: heading, content: `\n  <p id="subtitle" class="subtitle">${next}</p>` }] } : noHook('heading')
}

function theme(request: string, code: string): Edit | null {
  // "Make it dark blue" names a colour, not the dark theme.
  const dark =
    /\b(?:dark|night)\s*(?:mode|theme|background|colou?rs?)\b|\bdark\b.*\b(?:mode|theme)/i.test(request) ||
    new RegExp(`\\bmake it dark(?:er)?\\b(?![\\s-]+(?:${COLOUR_NAMES})\\b)`, 'i').test(request)
  const light = /\b(?:light|day)\s*(?:mode|theme)\b|\bmake it light(?:er)?\b|\bturn off dark/i.test(request)
  if (!dark && !light) return null
  const ops = variables(code, dark && !light ? DARK : LIGHT)
  return ops.length ? { ops } : noHook('colour variables')
}

const FONTS: [RegExp, string][] = [
  [/\bserif\b(?!.*sans)|georgia|times|elegant|classic/i, 'Georgia, "Times New Roman", serif'],
  [/mono|code|typewriter|courier/i, 'ui-monospace, "SFMono-Regular", Menlo, monospace'],
  [/rounded|friendly|playful|comic/i, '"Trebuchet MS", "Segoe UI", system-ui, sans-serif'],
  [/hand ?writ|cursive|script/i, '"Brush Script MT", "Segoe Script", cursive'],
  [/sans|modern|clean|system|default/i, 'system-ui, -apple-system, "Segoe UI", sans-serif'],
]

function font(request: string, code: string): Edit | null {
  if (!/\bfont|typeface|lettering|\bserif\b|monospace/i.test(request)) return null
  const size = /(\d+)\s*(?:px|pt)\b/i.exec(request)?.[1]
  const bigger = /bigger|larger|increase|enlarge/i.test(request)
  const smaller = /smaller|decrease|reduce|tiny/i.test(request)
  if (size || bigger || smaller) return textSize(code, size ? Number(size) : bigger ? 'bigger' : 'smaller')
  const named = /\b(?:font|typeface)\s+(?:to\s+)?["“]([^"”]+)["”]/i.exec(request)?.[1]
  const family = named ? `"${named.replace(/"/g, '')}", system-ui, sans-serif` : FONTS.find(([pattern]) => pattern.test(request))?.[1]
  if (!family) return { answer: 'say which font: serif, sans-serif, monospace, rounded or handwriting, or a font name in quotes' }
  const op = setVariable(code, 'font', family)
  return op ? { ops: [op] } : noHook('font setting')
}

function sizes(request: string, code: string): Edit | null {
  const buttons = /\bbuttons?\b/i.test(request)
  const bigger = /\b(?:bigger|larger|huge|increase|enlarge)\b/i.test(request)
  const smaller = /\b(?:smaller|tiny|decrease|compact)\b/i.test(request)
  if (!bigger && !smaller) return null
  if (buttons) {
    const rule = bigger ? '  button { font-size: 1.2rem; padding: 0.85rem 1.4rem; }' : '  button { font-size: 0.85rem; padding: 0.4rem 0.7rem; }'
    return code.includes('</style>') ? { ops: [{ type: 'replace', target: '</style>', content: `${rule}\n</style>` }] } : noHook('style sheet')
  }
  if (/\b(?:title|heading)\b/i.test(request)) return titleSize(code, bigger)
  if (/\b(?:text|everything|it|writing|words|page)\b/i.test(request)) return textSize(code, bigger ? 'bigger' : 'smaller')
  return null
}

const SIZE_MIN = 12
const SIZE_MAX = 32
/**
 * The page's text size (`--size`): a size asked for, or a step from the size it has now, so
 * "bigger" asked again is bigger again; at the limit the answer says so.
 */
function textSize(code: string, wanted: number | 'bigger' | 'smaller'): Edit {
  const current = Number(/--size: (\d+(?:\.\d+)?)px;/.exec(code)?.[1])
  if (!current) return noHook('font size')
  const next = Math.min(Math.max(typeof wanted === 'number' ? wanted : wanted === 'bigger' ? current + 3 : current - 2, SIZE_MIN), SIZE_MAX)
  if (next === current)
    return { answer: `the text is already ${current}px, the ${next === SIZE_MAX ? 'largest' : 'smallest'} size the offline builder sets`, already: true }
  const op = setVariable(code, 'size', `${next}px`)
  return op ? { ops: [op] } : noHook('font size')
}

const TITLE_DEFAULT_REM = 2
/**
 * "Make the title bigger": the title's own size a step up or down from what it is now. A
 * size set on the title itself (a visual edit writes it in the tag) is the one changed, since
 * a rule in the style sheet would not win over it.
 */
function titleSize(code: string, bigger: boolean): Edit {
  const scale = (value: number) => Math.round(value * (bigger ? 1.25 : 0.8) * 100) / 100
  const tag = /<h1\b[^>]*\bid="title"[^>]*>/.exec(code)?.[0]
  if (!tag) return noHook('title')
  const inline = /font-size:\s*(\d+(?:\.\d+)?)(px|rem|em)/.exec(tag)
  if (inline) return { ops: [{ type: 'replace', target: tag, content: tag.replace(inline[0], `font-size: ${scale(Number(inline[1]))}${inline[2]}`) }] }
  const rule = /\n {2}#title \{ font-size: (\d+(?:\.\d+)?)rem; \}/.exec(code)
  if (rule) return { ops: [{ type: 'replace', target: rule[0], content: `\n  #title { font-size: ${scale(Number(rule[1]))}rem; }` }] }
  if (!code.includes('</style>')) return noHook('style sheet')
  return { ops: [{ type: 'replace', target: '</style>', content: `  #title { font-size: ${scale(TITLE_DEFAULT_REM)}rem; }\n</style>` }] }
}

function layout(request: string, code: string): Edit | null {
  const values: Record<string, string> = {}
  if (/full[- ]width|full screen|wider|wide\b/i.test(request)) values.width = /full/i.test(request) ? '100%' : '56rem'
  else if (/narrower|thinner|narrow\b/i.test(request)) values.width = '26rem'
  if (/\b(?:align|move|put)\b.*\b(?:left)\b|left[- ]aligned/i.test(request)) values.place = 'start'
  else if (/\b(?:center|centre)\b/i.test(request)) values.place = 'center'
  const columns = /\b(one|single|two|three|four|2|3|4)[- ]columns?\b/i.exec(request)?.[1]?.toLowerCase()
  if (columns) values.columns = String({ one: 1, single: 1, two: 2, three: 3, four: 4 }[columns] ?? columns)
  if (/square|sharp|no rounded/i.test(request) && /corners?|edges?/i.test(request)) values.radius = '0'
  else if (/round(?:ed|er)?\b/i.test(request) && /corners?|edges?|buttons?/i.test(request)) values.radius = '1.25rem'
  if (!Object.keys(values).length) return null
  const ops = variables(code, values)
  return ops.length ? { ops } : noHook('layout settings')
}

function colours(request: string, code: string): Edit | null {
  const value = colourIn(request)
  // "Make the title dark blue": the title's own colour, in a rule of its own that a second ask replaces.
  if (value && /\b(?:title|heading)\b/i.test(request) && !/\b(?:background|headings|subtitle)\b/i.test(request)) return titleColour(code, value)
  if (!value || !/colou?r|background|accent|buttons?|theme|make it|text|headings?|links?|\bto\b|\bin\b/i.test(request)) return null
  const name = /background/i.test(request)
    ? 'background'
    : /\btext|writing|font colou?r/i.test(request) && !/buttons?/i.test(request)
      ? 'text'
      : /card|panel|box/i.test(request)
        ? 'card'
        : 'accent'
  const op = setVariable(code, name, value)
  return op ? { ops: [op] } : noHook('colour settings')
}

function titleColour(code: string, colour: string): Edit {
  if (!/<h1\b[^>]*\bid="title"/.test(code)) return noHook('title')
  const rule = /\n {2}#title \{ color: [^;]+; \}/.exec(code)?.[0]
  const content = `\n  #title { color: ${colour}; }`
  if (rule) return { ops: [{ type: 'replace', target: rule, content }] }
  return { ops: [{ type: 'replace', target: '</style>', content: `${content.slice(1)}\n</style>` }] }
}

/**
 * "Add a footer that says Made with care", "change the footer to …": a line of the page's
 * own at its foot (the offline builder's note stays below it, and a landing page keeps its footer).
 */
function footer(request: string, code: string): Edit | null {
  const match =
    /\b(?:add|put)\s+(?:a\s+)?footer\s*(?:that\s+(?:says|reads)|saying|reading|with(?:\s+the\s+text)?|:)\s*(.+?)\s*[.!]?$/i.exec(request) ??
    /\b(?:change|set|make)\s+(?:the\s+)?footer\s+(?:to\s+(?:say|read)\s+|to\s*|:\s*)(.+?)\s*[.!]?$/i.exec(request)
  const [said] = captures(match, 1) ?? []
  if (said === undefined) return null
  if (/<footer id="footer"/.test(code)) return null
  const words = capitalise(unquote(said))
  const line = `<footer id="page-footer" class="note">${escapeHtml(words)}</footer>`
  const current = /<footer id="page-footer" class="note">[^<]*<\/footer>/.exec(code)?.[0]
  if (current)
    return current === line ? { answer: `the footer already says “${words}”`, already: true } : { ops: [{ type: 'replace', target: current, content: line }] }
  const foot = '<div class="actions" id="actions"></div>'
  return code.includes(foot) ? { ops: [{ type: 'insert', target: foot, content: `\n  ${line}` }] } : noHook('page foot')
}

/**
 * What a button someone asks for can do on any page of the offline builder. A reset names
 * nothing else ("a button that clears the completed tasks" is not a reset of everything).
 */
const ACTIONS: [RegExp, string, string][] = [
  [
    /^\s*(?:(?:reset|resets|start|starts|over|restart|restarts|clear|clears|wipe|wipes|erase|erases|empty|empties|it|all|everything|every|the|a|page|app|form|list|items?|tasks?|notes?|data|counter|count|score|number|game|board|timer|to|zero|0|back|again|out)\b\s*)+$/i,
    'reset',
    'Reset',
  ],
  [/\bprint/i, 'print', 'Print'],
  [/\bcop(?:y|ies)\b/i, 'copy', 'Copy'],
  [/\b(?:dark|theme|night|light mode)/i, 'theme', 'Dark mode'],
  [/\b(?:back to (?:the )?top|(?:scrolls? )?(?:to the )?top)\b/i, 'top', 'Back to top'],
]
const GENERIC = 'reset, print, copy, dark mode and back-to-top buttons'

const buttonsIn = (code: string) =>
  [...code.matchAll(/<button\b([^>]*)>([^<]*)(?:<[^>]*>[^<]*<\/[^>]*>)*[^<]*<\/button>/g)].flatMap((match) => {
    const [attributes, text] = captures(match, 2) ?? []
    if (attributes === undefined || text === undefined) return []
    const label = text.trim()
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1]
    const names = [label, attribute('aria-label'), attribute('data-button')?.replace(/-/g, ' ')].filter((name): name is string => Boolean(name))
    return [{ markup: match[0], label, names: names.map((name) => name.toLowerCase()) }]
  })
const findButton = (code: string, name: string) => {
  const wanted = name.toLowerCase().replace(/^the\s+/, '')
  return buttonsIn(code).find((button) => button.names.includes(wanted) || button.names.some((known) => known.replace(/[^a-z0-9 ]/g, '').trim() === wanted))
}

function buttons(request: string, code: string): Edit | null {
  // "Add a dark mode toggle" is a button that switches, not the page turned dark.
  const add = /\badd\s+(?:(?:an|a|another|some)\s+)?(.*?)\s*(?:button|toggle|switch)\b(?:\s+(?:that|to|which|for|so it)\s+(.+))?/i.exec(request)
  if (add) {
    // "A red reset button": the colour is the button's own, the rest says what it does.
    const colour = colourIn(`${add[1]}`)
    const painted = colour ? ` style="background: ${colour}"` : ''
    const purpose = withoutColour(`${add[1]} ${add[2] ?? ''}`).trim()
    const bar = '<div class="actions" id="actions">'
    const quoted = /["“]([^"”]+)["”]/.exec(request)?.[1]
    const own = ownButton(kindOf(code), purpose)
    if (own) {
      if (!code.includes(own.hook)) return noHook(`action for ${article(`“${own.label}”`)} button`)
      const attributes = Object.entries(own.attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('')
      if (code.includes(`data-action="${own.action}"${attributes}`))
        return { answer: `the page already has ${article(`“${own.label}”`)} button`, already: true }
      if (!code.includes(bar)) return noHook('button bar')
      const count = code.split(`data-action="${own.action}"`).length - 1
      const id = `button-${own.action}${count ? `-${count + 1}` : ''}`
      return {
        ops: [
          {
            type: 'insert',
            target: bar,
            content: `<button type="button" id="${id}" data-action="${own.action}"${attributes}${painted}>${escapeHtml(quoted ?? own.label)}</button>`,
          },
        ],
      }
    }
    const action = ACTIONS.find(([pattern]) => pattern.test(purpose))
    if (!action) {
      const more = ownButtonsOf(kindOf(code))
      return {
        answer: `a “${unquote(add[1] || add[2] || 'new')}” button needs behaviour the offline builder cannot write; it can add ${GENERIC}${more ? `, and on this page ${more}` : ''}`,
      }
    }
    const label = quoted ?? action[2]
    if (code.includes(`data-action="${action[1]}"`) || (action[1] === 'reset' && /data-button="reset"/.test(code)))
      return { answer: `the page already has ${article(action[2])} button`, already: true }
    if (!code.includes(bar)) return noHook('button bar')
    return {
      ops: [
        {
          type: 'insert',
          target: bar,
          content: `<button type="button" id="button-${action[1]}" data-action="${action[1]}"${action[1] === 'theme' ? ' aria-pressed="false"' : ''}${painted}>${escapeHtml(label)}</button>`,
        },
      ],
    }
  }
  const [removed] = captures(/\b(?:remove|delete|hide|get rid of|drop)\s+(?:the\s+)?["“]?(.+?)["”]?\s+button\b/i.exec(request), 1) ?? []
  if (removed !== undefined) {
    const button = findButton(code, unquote(removed))
    return button ? { ops: [{ type: 'delete', target: button.markup }] } : { answer: `there is no “${unquote(removed)}” button on this page` }
  }
  const renamed = captures(
    /\b(?:rename|change|relabel|call)\s+(?:the\s+)?["“]?(.+?)["”]?\s+button\s+(?:to|into|as|so it says|to say)\s+(.+)$/i.exec(request) ??
      /\bthe\s+["“]?(.+?)["”]?\s+button\s+should\s+say\s+(.+)$/i.exec(request),
    2,
  )
  if (renamed) {
    const [from, to] = renamed
    const button = findButton(code, unquote(from))
    if (!button) return { answer: `there is no “${unquote(from)}” button on this page` }
    const label = escapeHtml(unquote(to.replace(/^(?:say|read)\s+/i, '')))
    return { ops: [{ type: 'replace', target: button.markup, content: button.markup.replace(`>${button.label}<`, `>${label}<`) }] }
  }
  return null
}

function fields(request: string, code: string): Edit | null {
  const add =
    /\badd\s+(?:(?:an|a|another|some)\s+)?(?:field\s+for\s+(?:the\s+)?(.+?)|(.+?)\s+(?:field|input|box))\s*[.!]?$/i.exec(request) ??
    /\badd\s+(?:(?:an|a|another)\s+)?(?:checkbox|tick box)\s+(?:for|to)\s+(?:the\s+)?(.+?)\s*[.!]?$/i.exec(request)
  const asked = firstCapture(add)
  if (asked !== undefined) {
    const checkbox = /checkbox|tick box/i.test(request)
    const name = capitalise(unquote(asked).replace(/^(?:an?|the)\s+/i, ''))
    const list = /<div id="fields">\n[\s\S]*?\n {4}<\/div>/.exec(code)?.[0]
    if (!list) return { answer: 'only forms take new fields offline (a field elsewhere would need behaviour the offline builder cannot write)' }
    if (code.includes(`data-field="${fieldId(name)}"`)) return { answer: `the form already has ${article(name)} field`, already: true }
    const last = [...list.matchAll(/<label data-field="[^"]+">[\s\S]*?<\/label>/g)].at(-1)?.[0]
    const markup = fieldMarkup({ name, type: checkbox ? 'checkbox' : fieldType(name) })
    return last
      ? { ops: [{ type: 'insert', target: last, content: `\n      ${markup}` }] }
      : { ops: [{ type: 'insert', target: '<div id="fields">', content: `\n      ${markup}` }] }
  }
  const [removed] = captures(/\b(?:remove|delete|drop|hide|get rid of)\s+(?:the\s+)?(.+?)\s+(?:field|input|box)\b/i.exec(request), 1) ?? []
  if (removed !== undefined) {
    const name = unquote(removed).toLowerCase()
    const field = [...code.matchAll(/<label data-field="[^"]+">([^<]*)[\s\S]*?<\/label>/g)].find((match) =>
      captures(match, 1)?.[0].trim().toLowerCase().startsWith(name),
    )
    return field ? { ops: [{ type: 'delete', target: field[0] }] } : { answer: `there is no “${unquote(removed)}” field on this page` }
  }
  return null
}

function sections(request: string, code: string): Edit | null {
  const add = /\badd\s+(?:(?:an|a|another|some)\s+)?(?:section\s+(?:about|for|on|with)\s+(?:the\s+)?(.+?)|(.+?)\s+(?:section|part|block|area))\s*[.!]?$/i.exec(
    request,
  )
  const landing = kindOf(code) === 'landing'
  // On a landing page "add opening hours" or "remove the menu" name a section without saying so.
  const [bareAdd] = captures(landing && !add ? /^\s*(?:please\s+)?add\s+(?:(?:an|a|some|the|our)\s+)?(.+?)\s*[.!]?$/i.exec(request) : null, 1) ?? []
  const [bareRemove] = captures(landing ? /^\s*(?:please\s+)?(?:remove|delete|drop|hide)\s+(?:the\s+)?(.+?)\s*[.!]?$/i.exec(request) : null, 1) ?? []
  const bareKey = bareRemove === undefined ? undefined : sectionKey(bareRemove)
  const [remove] =
    captures(/\b(?:remove|delete|drop|hide|get rid of)\s+(?:the\s+)?(.+?)\s+(?:section|part|block)\b/i.exec(request), 1) ??
    (bareKey && code.includes(`id="${sectionId(bareKey)}"`) ? [bareRemove] : [])
  if (!add && remove === undefined && bareAdd !== undefined && sectionKey(bareAdd)) return sections(`add a ${bareAdd} section`, code)
  const asked = firstCapture(add)
  if (asked === undefined && remove === undefined) return null
  if (!landing) return { answer: 'sections can be added to and removed from landing pages only' }
  if (remove !== undefined) {
    const key = sectionKey(remove) ?? remove.toLowerCase()
    const block = new RegExp(`\\n {4}<section id="${escapeRegExp(sectionId(key))}"[\\s\\S]*?</section>`).exec(code)?.[0]
    return block ? { ops: [{ type: 'delete', target: block }] } : { answer: `there is no “${unquote(remove)}” section on this page` }
  }
  if (asked === undefined) return null
  const named = unquote(asked).replace(/^(?:an?|the)\s+/i, '')
  const key = sectionKey(named) ?? named.toLowerCase()
  if (code.includes(`id="${sectionId(key)}"`)) return { answer: `the page already has ${article(named)} section`, already: true }
  const name = /<h1 id="title">([^<]*)<\/h1>/.exec(code)?.[1] ?? 'Us'
  const trade = /data-trade="([^"]*)"/.exec(code)?.[1] ?? 'business'
  const business = { ...businessOf(`a landing page for a ${trade}`), name }
  const footer = /<\/div>\n {2}<footer id="footer"/.exec(code)?.[0]
  if (!footer) return noHook('section list')
  const known = SECTIONS.some((section) => section.key === key)
  return { ops: [{ type: 'replace', target: footer, content: `${sectionMarkup(business, key, known ? undefined : capitalise(named))}\n  ${footer}` }] }
}

function items(request: string, code: string): Edit | null {
  const list = '<ul class="items" id="items" aria-label="Items">'
  const add =
    /\badd\s+(.+?)\s+to\s+(?:the|my)\s+(?:list|to-?do list|shopping list|checklist)\b|\badd\s+(?:an?\s+)?item\s*(?:called|:)?\s*(.+)$/i.exec(request) ??
    // On a list, "add buy milk" is an item, unless it names a kind of app ("add a timer").
    (code.includes(list) && !kindFor(request) ? /^\s*(?:please\s+)?add\s+(.+?)\s*[.!]?$/i.exec(request) : null)
  const asked = firstCapture(add)
  const removed = firstCapture(
    /\b(?:remove|delete|take|cross off)\s+(.+?)\s+(?:from|off)\s+(?:the|my)\s+list\b|\b(?:remove|delete)\s+(?:the\s+)?item\s+(.+)$/i.exec(request),
  )
  if (asked === undefined && removed === undefined) return null
  if (!code.includes(list)) return { answer: 'items can be added to and removed from lists only' }
  if (asked !== undefined) {
    const names = unquote(asked)
      .split(/\s*,\s*(?:and\s+)?|\s+and\s+/)
      .map((name) => capitalise(name.replace(/^(?:an?|some|the)\s+/i, '')))
      .filter(Boolean)
    return { ops: [{ type: 'insert', target: list, content: names.map((name) => `\n    ${itemMarkup(name)}`).join('') }] }
  }
  if (removed === undefined) return null
  const wanted = unquote(removed).toLowerCase()
  const item = [...code.matchAll(/\n {4}<li data-item="([^"]*)">[\s\S]*?<\/li>/g)].find((match) => captures(match, 1)?.[0].toLowerCase() === escapeHtml(wanted))
  return item ? { ops: [{ type: 'delete', target: item[0] }] } : { answer: `“${wanted}” is not an item of the list` }
}

function text(request: string, code: string): Edit | null {
  const match = /\b(?:change|replace|rename|swap)\s+["“‘']([^"”’']+)["”’']\s+(?:to|with|into|for)\s+["“‘']([^"”’']+)["”’']/i.exec(request)
  const [said, meant] = captures(match, 2) ?? []
  if (said === undefined || meant === undefined) return null
  const from = escapeHtml(said)
  const to = escapeHtml(meant)
  const visible = [...code.matchAll(new RegExp(`>([^<]*?)${escapeRegExp(from)}([^<]*?)<`, 'g'))].filter((hit) => !hit[0].includes('{'))
  if (!visible.length) return { answer: `the page does not show the text “${said}”` }
  return { ops: [...new Set(visible.map((hit) => hit[0]))].map((target) => ({ type: 'replace' as const, target, content: target.split(from).join(to) })) }
}

const durations = (request: string, code: string): Edit | null => durationEdit(request, code, kindOf(code))

const BIGGER = /^(?:bigger|larger|huge|enlarged?|big)$/i
const SMALLER = /^(?:smaller|tiny|compact|small)$/i
const BUTTON_BIGGER = 'font-size: 1.2rem; padding: 0.85rem 1.4rem;'
const BUTTON_SMALLER = 'font-size: 0.85rem; padding: 0.4rem 0.7rem;'
/** One look a button can be given ("green", "bigger", "rounded", "bold"), as CSS; null for a word the rules do not know. */
function buttonLook(word: string): string | null {
  const colour = colourIn(word)
  if (colour && word.split(/\s+/).length <= 2) return `background: ${colour};`
  if (BIGGER.test(word)) return BUTTON_BIGGER
  if (SMALLER.test(word)) return BUTTON_SMALLER
  if (/^(?:rounded|round|rounder|pill[- ]shaped)$/i.test(word)) return 'border-radius: 999px;'
  if (/^(?:square|sharp)$/i.test(word)) return 'border-radius: 0;'
  if (/^bold(?:er)?$/i.test(word)) return 'font-weight: 700;'
  return null
}
/** "green, bigger and bold" → each look; "a bit", "much" and "please" are no looks. */
const looksOf = (text: string) =>
  text
    .replace(/\b(?:a (?:bit|little)|much|more|slightly|very|please|too|also)\b/gi, ' ')
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+with\s+/)
    .map((word) => word.trim().replace(/^(?:in|to|be)\s+/i, ''))
    .filter(Boolean)
const cannotLook = (what: string, unknown: string[]) => ({
  answer: `it can make ${what} a colour, bigger or smaller, rounded, square or bold, but not ${unknown.map((word) => `“${word}”`).join(' or ')}, so nothing was changed`,
})

/**
 * "Make the start button green and bigger": one button's look, as a rule for that button
 * alone (the other buttons keep theirs). Every look asked is given, or none is and the
 * answer names the one it cannot give.
 */
function buttonStyle(request: string, code: string): Edit | null {
  const match =
    /^\s*(?:please\s+)?(?:make|turn|set|change|colou?r|paint|give)\s+(?:the\s+)?["“]?(.+?)["”]?\s+button\s+(?:to\s+|into\s+|be\s+)?(.+?)\s*[.!]?$/i.exec(
      request,
    )
  const [which, asked] = captures(match, 2) ?? []
  if (which === undefined || asked === undefined || /^(?:all|every|each|the)$/i.test(which)) return null
  const name = unquote(which)
  const button = findButton(code, name)
  if (!button) return { answer: `there is no “${name}” button on this page` }
  const looks = looksOf(asked)
  const rules = looks.map(buttonLook)
  const unknown = looks.filter((_, index) => !rules[index])
  if (unknown.length) return cannotLook(`the “${name}” button`, unknown)
  const id = /\bid="([^"]+)"/.exec(button.markup)?.[1]
  const data = /\bdata-button="([^"]+)"/.exec(button.markup)?.[1]
  const selector = id ? `#${id}` : data ? `button[data-button="${data}"]` : null
  if (!selector || !code.includes('</style>')) return noHook(`way to style the “${name}” button`)
  return { ops: [{ type: 'replace', target: '</style>', content: `  ${selector} { ${rules.join(' ')} }\n</style>` }] }
}

/**
 * "Make it blue and bigger", "make the buttons green and rounded": several looks of the
 * page, its buttons, text, background or title in one clause, each done; when one is not
 * known the answer names it and nothing changes. Null when no look is known (another
 * reader's request, such as "make it a quiz").
 */
function looks(request: string, code: string): Edit | null {
  const match =
    /^\s*(?:please\s+)?(?:can you\s+)?(?:make|turn|set)\s+(it|everything|this|the (?:page|app|buttons|text|writing|background|title|heading))\s+(?!a\b|an\b|into\b|about\b)(.+?)\s*[.!?]?$/i.exec(
      request,
    )
  const [what, asked] = captures(match, 2) ?? []
  if (what === undefined || asked === undefined) return null
  const target = what.toLowerCase().replace(/^the /, '')
  const words = looksOf(asked)
  if (words.length < 2) return null
  const ops: DiffOperation[] = []
  const unknown: string[] = []
  const rules: string[] = []
  for (const word of words) {
    const colour = colourIn(word)
    const set = (name: string, value: string) => {
      const op = setVariable(code, name, value)
      if (op) ops.push(op)
      else unknown.push(word)
    }
    if (colour && word.split(/\s+/).length <= 2) {
      if (target === 'text' || target === 'writing') set('text', colour)
      else if (target === 'background') set('background', colour)
      else if (target === 'title' || target === 'heading') rules.push(`color: ${colour};`)
      else set('accent', colour)
    } else if (BIGGER.test(word) || SMALLER.test(word)) {
      const bigger = BIGGER.test(word)
      if (target === 'buttons') ops.push({ type: 'replace', target: '</style>', content: `  button { ${bigger ? BUTTON_BIGGER : BUTTON_SMALLER} }\n</style>` })
      else if (target === 'title' || target === 'heading') rules.push(`font-size: ${bigger ? '2.6rem' : '1.3rem'};`)
      else set('size', bigger ? '19px' : '14px')
    } else if (/^dark(?:er)?$/i.test(word) && target !== 'title' && target !== 'heading') ops.push(...variables(code, DARK))
    else if (/^light(?:er)?$/i.test(word) && target !== 'title' && target !== 'heading') ops.push(...variables(code, LIGHT))
    else if (/^(?:rounded|round|rounder)$/i.test(word) && target !== 'text') set('radius', '1.25rem')
    else if (/^(?:square|sharp)$/i.test(word) && target !== 'text') set('radius', '0')
    else if (/^(?:full[- ]width|wider|wide)$/i.test(word)) set('width', /full/i.test(word) ? '100%' : '56rem')
    else if (/^(?:narrower|narrow)$/i.test(word)) set('width', '26rem')
    else unknown.push(word)
  }
  if (unknown.length === words.length) return null
  if (unknown.length) return cannotLook(target === 'it' || target === 'everything' || target === 'this' ? 'the page' : `the ${target}`, unknown)
  if (rules.length) ops.push({ type: 'replace', target: '</style>', content: `  #title { ${rules.join(' ')} }\n</style>` })
  // Two looks that both add a rule are one edit of the style sheet.
  const sheet = ops.filter((op) => op.target === '</style>')
  const merged =
    sheet.length > 1
      ? [{ type: 'replace' as const, target: '</style>', content: `${sheet.map((op) => (op.content ?? '').replace('\n</style>', '')).join('\n')}\n</style>` }]
      : sheet
  return { ops: [...ops.filter((op) => op.target !== '</style>'), ...merged] }
}

/**
 * "Remember the count when I reload the page": the apps that keep data already save it in
 * the browser's storage; one that does not cannot be taught to offline.
 */
function remember(request: string, code: string): Edit | null {
  if (
    !/\b(?:remember|keep|save|persist|store)\b.*\b(?:reload|refresh|come back|close|reopen|restart|next time|between visits)|\blocal ?storage\b/i.test(request)
  )
    return null
  if (/\bsave\('/.test(code))
    return { answer: 'this page already keeps its data in this browser’s storage, so it is still there when you reload the page', already: true }
  return { answer: 'this page keeps nothing to remember, and saving more of it needs behaviour the offline builder cannot write' }
}

const EDITS = [remember, buttons, rename, subtitle, durations, buttonStyle, looks, theme, font, sizes, layout, fields, footer, sections, items, text, colours]
/** Readers that take the rest of the request as text: a request split in clauses wrongly ("rename it to Add and Remove") is theirs whole. */
const WHOLE = [rename, subtitle, text, items, fields, sections]

/**
 * A follow-up as edit operations on the current page: the first reader that recognises
 * the request answers, with patches or an honest reason. A request of several clauses
 * ("make it dark and add a reset button") is read clause by clause, and applies only if
 * every clause is understood.
 */
export function readEdit(request: string, code: string): Edit | null {
  return clauseByClause(request, code) ?? EDITS.reduce<Edit | null>((found, reader) => found ?? reader(request, code), null)
}

function clauseByClause(request: string, code: string): Edit | null {
  const clauses = request.split(
    /\s*(?:;|,\s*(?:and\s+)?(?:then\s+)?|\.\s+|\s+and\s+(?:then\s+)?|\s+then\s+|\s+also\s+)(?=(?:add|remove|delete|make|change|rename|use|set|turn|put|switch|call|give)\b)/i,
  )
  if (clauses.length < 2) return null
  const ops: DiffOperation[] = []
  for (const clause of clauses) {
    const edit = EDITS.reduce<Edit | null>((found, reader) => found ?? reader(clause, code), null)
    // A part not understood is said, never dropped while the rest is done.
    if (!edit)
      return (
        WHOLE.reduce<Edit | null>((found, reader) => found ?? reader(request, code), null) ?? {
          answer: `it did not understand “${clause}”, so nothing was changed`,
        }
      )
    if ('answer' in edit) return edit
    ops.push(...edit.ops)
  }
  return { ops }
}
