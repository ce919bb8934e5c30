import { describe, expect, it } from 'vitest'
import { FOLLOW_UPS, judgeFollowUp, judgePrompt, PROMPTS } from '../../../bench/offline-corpus'
import { applyPatches } from '../patch'
import { estimateTokens, patchCost } from '../tokens'
import { buildApp, IMAGES_IGNORED, IMAGES_ONLY, OFFLINE_NOTE, offlineGenerate } from '.'
import { KINDS } from './kinds'

const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

describe('the offline planner', () => {
  it.each(PROMPTS.map((item) => [item.prompt, item] as const))('builds %s as asked', (_, item) => {
    const verdict = judgePrompt(item)
    expect(verdict.problems).toEqual([])
    if ('answer' in item) {
      // A subject it lacks is answered, with nothing built and nothing charged.
      expect(verdict.result).toMatchObject({ code: '', patches: [], full: false })
      return
    }
    const { code } = verdict.result
    expect(code).toMatch(/^<!doctype html>/)
    expect(code).toContain(OFFLINE_NOTE)
    // The app's script is valid JavaScript (the bench runs every page in Chromium).
    expect(() => new Function(scriptOf(code))).not.toThrow()
  })

  it('knows at least 30 kinds, and the corpus builds each of them', () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(30)
    const built = new Set(PROMPTS.map((item) => judgePrompt(item).result.kind))
    expect(built.size).toBeGreaterThanOrEqual(30)
    expect(PROMPTS.length).toBeGreaterThanOrEqual(60)
  })

  it('escapes names from the prompt and never pastes a prompt it cannot build', () => {
    const page = buildApp('a landing page for a bakery called "<b>Cats</b>"')!.code
    expect(page).toContain('&lt;b&gt;Cats&lt;/b&gt;')
    expect(page).not.toContain('<b>Cats</b>')
    const unknown = offlineGenerate('a spaceship flight simulator with physics', '')
    expect(unknown.code).toBe('')
    expect(unknown.answer).toMatch(/^Offline mode can't do that yet: .*Connect a model \(OPENAI_API_KEY\) for anything else\.$/)
  })

  it('says images are not understood offline, and builds from the words beside them', () => {
    const current = buildApp('a counter')!.code
    expect(offlineGenerate('', current, 1)).toMatchObject({ code: current, patches: [], answer: IMAGES_ONLY })
    const built = offlineGenerate('a tip calculator', '', 2)
    expect(built).toMatchObject({ kind: 'tip-calculator', answer: IMAGES_IGNORED })
  })
})

describe('offline follow-ups', () => {
  it.each(FOLLOW_UPS.map((item) => [`${item.base} → ${item.request}`, item] as const))('%s', (_, item) => {
    const verdict = judgeFollowUp(item)
    expect(verdict.problems).toEqual([])
    const { result, before } = verdict
    if (item.answer) {
      expect(result.code).toBe(before)
      expect(result.answer).toMatch(/^(?:Offline mode can't do that yet|Nothing changed): /)
      expect(result.answer).not.toContain('undefined')
    } else if (!result.full) {
      // An edit is real patches on the page it was asked of, cheaper than a rewrite.
      expect(applyPatches(before, result.patches)).toMatchObject({ ok: true, code: result.code })
      expect(patchCost(result.patches)).toBeLessThan(estimateTokens(result.code))
      expect(() => new Function(scriptOf(result.code))).not.toThrow()
    }
  })

  it('covers at least 40 follow-ups, and a page not made offline is answered, not guessed at', () => {
    expect(FOLLOW_UPS.length).toBeGreaterThanOrEqual(40)
    const foreign = '<!doctype html><html><body><p>Hand made</p></body></html>'
    const answered = offlineGenerate('add a reset button', foreign)
    expect(answered.code).toBe(foreign)
    expect(answered.answer).toContain('no button bar')
  })
})
