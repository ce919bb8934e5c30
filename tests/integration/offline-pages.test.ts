import { afterAll, describe, expect, it } from 'vitest'
import { FOLLOW_UPS, judgeFollowUp, judgePrompt, PROMPTS, tryPage } from '../../bench/offline-corpus'
import { closeBrowser, withPage } from '../../jobs/browser'

/**
 * Issue 26.4: what the offline builder made works in a real browser, not only reads right:
 * each corpus case that says what its page must do (a new button pressed, a duration shown)
 * is played in the system Chromium, step by step (bench/offline-corpus.ts `tryPage`).
 */
const cases = [
  ...PROMPTS.flatMap((item) => ('works' in item && item.works ? [{ label: item.prompt, code: judgePrompt(item).result.code, steps: item.works }] : [])),
  ...FOLLOW_UPS.flatMap((item) => (item.works ? [{ label: `${item.base} → ${item.request}`, code: judgeFollowUp(item).result.code, steps: item.works }] : [])),
]

afterAll(() => closeBrowser())

describe('offline pages in Chromium', { timeout: 60_000 }, () => {
  it('has cases to play', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8)
  })

  it.each(cases.map((item) => [item.label, item] as const))('%s', async (_, item) => {
    const problems = await withPage({ width: 1024, height: 768, timeoutMs: 30_000 }, (page) => tryPage(page, item.code, item.steps))
    expect(problems).toEqual([])
  })
})
