import { codeVersion } from '~/pieces/code-version'
import type { DefaultTreeAdapterTypes } from 'parse5'
import { describe, expect, it } from 'vitest'
import { attr, browserElements, described, ownText, textContent, type Element } from '../../../tests/support/html-elements'
import { buildApp, OFFLINE_NOTE } from '../offline'
import { applyVisualEdit, applyVisualEdits, declarations, STAMP_ATTRIBUTE, stampDocument, styleValue, type VisualChange, type VisualEdit } from './splice'

/** The documents the corpus edits: hand-written oddities of real-world HTML, and pages the offline builder makes. */
const ODDITIES: Record<string, string> = {
  tables: '<!doctype html><table><tr><td>a<td>b<tr><td>c</table><table><thead><tr><th>H</th></tr><tbody><tr><td>d</td></tr></table>',
  paragraphs: '<p>one<p>two<div>three</div><p>four',
  reopened: '<p><b>bold<p>still bold</b> plain</p><p><i>x</i></p>',
  misnested: '<div><b><i>x</b>y</i></div><div>a</span>b</div>',
  entities: '<h1>Tom &amp; Jerry &lt;3 &copy; 2026</h1><p title="a &quot;q&quot;" style="color: red; font-size: 12px">x&nbsp;y</p>',
  comments: '<!-- header --><header><!-- nav --><nav><a href="/">Home</a><!-- x --><a href="/b">About</a></nav></header><footer>f<!-- c -->g</footer>',
  crlf: '<!doctype html>\r\n<html>\r\n<body>\r\n<ul>\r\n<li>One</li>\r\n<li>Two\r\n</ul>\r\n<p\r\nclass="x">Three</p>\r\n</body>\r\n</html>\r\n',
  uppercase: '<DIV CLASS=box><SPAN>Hi</SPAN><IMG SRC=a.png ALT=x><BR/><P Style="COLOR: blue">Up</P></DIV>',
  svg: '<section><svg viewBox="0 0 10 10"><circle cx=5 cy=5 r=4 /><text x=1 y=5>hi</text></svg><p>after</p></section>',
  slashes: '<a href=/x/>link</a><input value="a/"/><a href="/y">y</a><br/>',
  template: '<template id=t><li class=item>Item</li></template><ul id=list><li>Real</li></ul>',
  form: '<form><label>Name <input name=n></label><select><option>A<option selected>B</select><textarea>hello &amp; bye</textarea><button type=submit>Go</button></form>',
  bare: '<!doctype html><title>T</title><h2>Hi</h2><h3 style="">Empty style</h3>',
  pre: '<pre>\ncode\n</pre><pre>no newline</pre>',
  script:
    '<div id=app><h1>Static</h1></div><script>document.getElementById("app").innerHTML += "<p class=made>made by script</p>"</script><style>h1{color:red}</style>',
  nested: '<main><article><h2>Title</h2><p>Lead <em>em</em> text</p><ul><li><a href="#">One</a></li><li><a href="#">Two</a></li></ul></article></main>',
  attributes: '<button disabled class="btn  primary" data-x=\'1\' onclick="go()">Press</button><div style="margin:0 auto;padding:4px">box</div>',
}

const PROMPTS = [
  'a tally counter',
  'a todo list',
  'a pomodoro timer',
  'a tip calculator',
  'a stopwatch',
  'a dice roller',
  'a flashcard quiz',
  'a habit tracker',
]

function corpus(): [string, string][] {
  const built = PROMPTS.map((prompt) => [prompt, buildApp(prompt)?.code ?? ''] as [string, string]).filter(([, code]) => code)
  return [...Object.entries(ODDITIES), ...built]
}

/** An element and everything inside it. */
function subtreeSize(element: Element): number {
  let count = 1
  for (const child of element.childNodes) if ('tagName' in child) count += subtreeSize(child)
  if (element.tagName === 'template')
    for (const child of (element as DefaultTreeAdapterTypes.Template).content.childNodes) if ('tagName' in child) count += subtreeSize(child)
  return count
}

/** The edits a person could make to an element as the browser shows it. */
function editsFor(element: Element, at: number, version: string): VisualEdit[] {
  const base = { version, at, tag: element.tagName }
  const edits: VisualChange[] = [
    { kind: 'style', property: 'color', from: styleValue(attr(element, 'style'), 'color'), to: '#c0ffee' },
    { kind: 'style', property: 'display', from: styleValue(attr(element, 'style'), 'display'), to: 'none' },
    { kind: 'remove', from: textContent(element) },
  ]
  const only = element.childNodes.length === 1 && element.childNodes[0]!.nodeName === '#text'
  if (only) edits.unshift({ kind: 'text', from: ownText(element), to: 'Edited & <new>' })
  return edits.map((change) => ({ ...base, change }))
}

/**
 * What the edit must have done, checked without the splicer's own code: the document
 * parsed again has every other element as it was, and the picked one changed as asked
 * (or gone, with everything inside it).
 */
function landedExactly(before: Element[], index: number, afterHtml: string, change: VisualChange) {
  const after = browserElements(afterHtml)
  if (change.kind === 'remove') {
    const size = subtreeSize(before[index]!)
    const expected = [...before.slice(0, index), ...before.slice(index + size)].map(described)
    return JSON.stringify(after.map(described)) === JSON.stringify(expected)
  }
  if (after.length !== before.length) return false
  for (let position = 0; position < before.length; position += 1) {
    if (position === index) continue
    if (described(after[position]!) !== described(before[position]!)) return false
  }
  const target = after[index]!
  if (change.kind === 'text') return ownText(target) === change.to && target.tagName === before[index]!.tagName
  return styleValue(attr(target, 'style'), change.property) === change.to
}

describe('visual edits land on exactly the element picked, or are refused (issue 30.3)', () => {
  const results = { landed: 0, refused: 0, wrong: 0, unplaced: 0 }
  const reasons: Record<string, number> = {}

  for (const [name, html] of corpus()) {
    it(`every edit of every element of “${name}”`, () => {
      const stamped = stampDocument(html)
      const version = codeVersion(html)
      const before = browserElements(html)
      const shown = browserElements(stamped)
      // The stamps change nothing the browser builds but the stamps themselves.
      expect(shown.map(described)).toEqual(before.map(described))
      shown.forEach((element, index) => {
        const stamp = attr(element, STAMP_ATTRIBUTE)
        if (stamp === null) {
          // Made by the parser's corrections: nothing to pick (the editor offers to ask the assistant).
          results.unplaced += 1
          return
        }
        for (const edit of editsFor(element, Number(stamp), version)) {
          const result = applyVisualEdit(html, edit)
          if (!result.ok) {
            results.refused += 1
            const key = `${edit.change.kind}:${result.reason}`
            reasons[key] = (reasons[key] ?? 0) + 1
            continue
          }
          results.landed += 1
          if (!landedExactly(before, index, result.html, edit.change)) results.wrong += 1
          // A splice, never a rewrite: the text outside the element's place is untouched.
          const at = Number(stamp)
          expect(result.html.slice(0, at)).toBe(html.slice(0, at))
        }
      })
    })
  }

  it('counts at least 200 edits over the corpus, with no wrong-element write', () => {
    expect(results.landed + results.refused).toBeGreaterThanOrEqual(200)
    expect(results.landed).toBeGreaterThanOrEqual(150)
    expect(results.wrong).toBe(0)
    expect(results.unplaced).toBeGreaterThan(0)
    // Picked in the document as it is, an edit is refused only for what it asks, never as stale or misplaced.
    for (const reason of Object.keys(reasons)) expect(reason).toMatch(/^(remove:(inexact|invalid)|text:not-text)$/)
  })
})

describe('versions in words a person understands (issue 37.9)', () => {
  const counter = buildApp('a counter')!.code
  const version = codeVersion(counter)
  const at = (start: string) => counter.indexOf(start)
  const summary = (start: string, tag: string, changes: VisualChange[]) => {
    const result = applyVisualEdits(counter, { version, at: at(start), tag, changes })
    return result.ok ? result.summary : result.message
  }

  it('names the element as the page shows it, and says “its” for the changes after the first', () => {
    expect(
      summary('<h1', 'h1', [
        { kind: 'text', from: 'Counter', to: 'Push-ups' },
        { kind: 'style', property: 'color', from: '', to: '#ff0000' },
      ]),
    ).toBe('changed the text of the title ‘Counter’ to “Push-ups”, set its colour to #ff0000')
    expect(summary('<p class="big" id="count"', 'p', [{ kind: 'style', property: 'display', from: '', to: 'none' }])).toBe('hid the count')
    expect(summary('<button id="plus"', 'button', [{ kind: 'style', property: 'font-size', from: '', to: '20px' }])).toBe(
      'set the font size of the ‘Increase’ button to 20px',
    )
    expect(summary('<p class="note"', 'p', [{ kind: 'remove', from: OFFLINE_NOTE }])).toBe('removed the paragraph ‘Made by the offline gen…’')
    const plain = '<!doctype html><p>Click to add one to the count</p>'
    const hidden = applyVisualEdits(plain, {
      version: codeVersion(plain),
      at: plain.indexOf('<p'),
      tag: 'p',
      changes: [{ kind: 'style', property: 'display', from: '', to: 'none' }],
    })
    expect(hidden).toMatchObject({ ok: true, summary: 'hid the paragraph ‘Click to add one to the…’' })
  })
})

describe('what an edit expects, and the reasons it is refused', () => {
  const html = '<!doctype html><html><body><h1 style="color: red">Hello</h1><p>Text <b>bold</b></p><p><b>one<p>two</b></p></body></html>'
  const version = codeVersion(html)
  const h1 = html.indexOf('<h1')

  it('changes text, escaping what is typed, and keeps entities elsewhere', () => {
    const result = applyVisualEdit(html, { version, at: h1, tag: 'h1', change: { kind: 'text', from: 'Hello', to: 'Fish & <chips>' } })
    expect(result).toMatchObject({ ok: true, summary: 'changed the text of the title ‘Hello’ to “Fish & <chips>”' })
    expect(result.ok && result.html).toContain('<h1 style="color: red">Fish &amp; &lt;chips&gt;</h1>')
  })

  it('sets and takes away one style property, keeping the others', () => {
    const set = applyVisualEdit(html, { version, at: h1, tag: 'h1', change: { kind: 'style', property: 'font-size', from: '', to: '32px' } })
    expect(set.ok && set.html).toContain('<h1 style="color: red; font-size: 32px">')
    const away = applyVisualEdit(html, { version, at: h1, tag: 'h1', change: { kind: 'style', property: 'color', from: 'red', to: '' } })
    expect(away.ok && away.html).toContain('<h1 style="">Hello</h1>')
    const added = applyVisualEdit(html, {
      version,
      at: html.indexOf('<p>'),
      tag: 'p',
      change: { kind: 'style', property: 'text-align', from: '', to: 'center' },
    })
    expect(added.ok && added.html).toContain('<p style="text-align: center">Text <b>bold</b></p>')
  })

  it('refuses a document that changed, an old value that is not there, another tag, and values it cannot use', () => {
    const edit = { version, at: h1, tag: 'h1', change: { kind: 'text', from: 'Hello', to: 'Hi' } } satisfies VisualEdit
    expect(applyVisualEdit(`${html} `, edit)).toMatchObject({ ok: false, reason: 'changed' })
    expect(applyVisualEdit(html, { ...edit, change: { ...edit.change, from: 'Goodbye' } })).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(applyVisualEdit(html, { ...edit, tag: 'h2' })).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(applyVisualEdit(html, { ...edit, at: h1 + 1 })).toMatchObject({ ok: false, reason: 'mismatch' })
    expect(applyVisualEdit(html, { ...edit, at: html.indexOf('<p>'), tag: 'p', change: { kind: 'text', from: 'Text ', to: 'x' } })).toMatchObject({
      ok: false,
      reason: 'not-text',
    })
    const style = { version, at: h1, tag: 'h1', change: { kind: 'style', property: 'color', from: 'red', to: 'red; background: url(x)' } } as VisualEdit
    expect(applyVisualEdit(html, style)).toMatchObject({ ok: false, reason: 'invalid' })
    expect(applyVisualEdit(html, { ...edit, at: html.indexOf('<body>'), tag: 'body', change: { kind: 'remove', from: '' } })).toMatchObject({ ok: false })
  })

  it('refuses an element the parser made a copy of: two elements share its place', () => {
    const reopened = html.lastIndexOf('<b>')
    const parsedCopies = browserElements(stampDocument(html)).filter((element) => element.tagName === 'b' && attr(element, STAMP_ATTRIBUTE) === null)
    expect(parsedCopies.length).toBeGreaterThan(0)
    expect(applyVisualEdit(html, { version, at: reopened, tag: 'b', change: { kind: 'style', property: 'color', from: '', to: 'blue' } })).toMatchObject({
      ok: false,
      reason: 'unplaced',
    })
  })

  it('reads inline styles as CSS does', () => {
    expect(declarations('color: red; background: url("a;b.png"); COLOR: blue')).toEqual([
      { property: 'color', value: 'red' },
      { property: 'background', value: 'url("a;b.png")' },
      { property: 'color', value: 'blue' },
    ])
    expect(styleValue('color: red; color: blue', 'color')).toBe('blue')
  })
})
