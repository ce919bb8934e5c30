import { describe, expect, it } from 'vitest'
import { offlineGenerate } from './offline'
import { OFFLINE_NOTE } from './offline-templates'
import { applyPatches } from './patch'

const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

describe('offlineGenerate', () => {
  it.each([
    ['a counter app', 'Counter'],
    ['a to-do list for groceries', 'To-do list'],
    ['pomodoro timer', 'Timer'],
    ['a tip calculator', 'Calculator'],
    ['somewhere to keep notes', 'Notes'],
    ['a geography quiz', 'Quiz'],
  ])('builds a working app for %s', (prompt, title) => {
    const result = offlineGenerate(prompt, '')
    expect(result.full).toBe(true)
    expect(result.code).toMatch(/^<!doctype html>/)
    expect(result.code).toContain(`<title>${title}</title>`)
    expect(result.code).toContain(OFFLINE_NOTE)
    // The app's script is valid JavaScript.
    expect(() => new Function(scriptOf(result.code))).not.toThrow()
  })

  it('builds a landing page and a clean page around anything else, escaping the prompt', () => {
    expect(offlineGenerate('a landing page for my bakery', '').code).toContain('<title>Landing page for my bakery</title>')
    const page = offlineGenerate('a page about <b>cats</b>', '')
    expect(page.code).toContain('&lt;b&gt;cats&lt;/b&gt;')
    expect(page.code).not.toContain('<b>cats</b>')
  })

  it('applies follow-up edits as real patches', () => {
    const first = offlineGenerate('a counter', '').code
    const titled = offlineGenerate('change the title to "Push-ups"', first)
    expect(titled.full).toBe(false)
    expect(titled.patches).toHaveLength(2)
    expect(applyPatches(first, titled.patches).code).toBe(titled.code)
    expect(titled.code).toContain('<h1>Push-ups</h1>')

    const green = offlineGenerate('make the buttons green', titled.code)
    expect(green.code).toContain('--accent: #16a34a;')
    const background = offlineGenerate('background colour #ffeecc', green.code)
    expect(background.code).toContain('--background: #ffeecc;')
    const dark = offlineGenerate('dark mode please', background.code)
    expect(dark.code).toContain('--background: #0f172a;')
    const text = offlineGenerate('change "Reset" to "Start over"', dark.code)
    expect(text.code).toContain('>Start over</button>')
  })

  it('rebuilds for another kind of app and adds anything else as a note', () => {
    const first = offlineGenerate('a counter', '').code
    expect(offlineGenerate('now make it a quiz instead', first).code).toContain('<title>Quiz</title>')
    const noted = offlineGenerate('add a friendly welcome line', first)
    expect(noted.full).toBe(false)
    expect(noted.code).toContain('<p>add a friendly welcome line</p>')
  })
})
