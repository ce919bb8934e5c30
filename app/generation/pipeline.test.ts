import { describe, expect, it } from 'vitest'
import { runPipeline } from './pipeline.server'
import type { BrowserCheck, PipelineProgress } from './types'

/** The offline builder (no OPENAI_API_KEY in unit tests) with a browser check that records what it was given. */
async function build(prompt: string, code = '') {
  const checked: string[] = []
  const verify = async (page: string): Promise<BrowserCheck> => {
    checked.push(page)
    return { ok: true, errors: [], screenshot: null }
  }
  const progress: PipelineProgress[] = []
  const input = { model: 'gpt-4.1-mini' as const, prompt, attachments: [], code, history: [], maxTokens: 20_000, signal: new AbortController().signal, verify }
  const result = await runPipeline(input, async (step) => void progress.push(step))
  return { result, checked, progress }
}

describe('the browser check in the pipeline', () => {
  it('checks what was built', async () => {
    const { result, checked } = await build('a counter')
    expect(checked).toEqual([result.code])
    expect(result.verification).toMatchObject({ ok: true, skipped: false })
  })

  it('checks nothing when nothing was built: an answer to a Piece without a page is not a blank page', async () => {
    const { result, checked, progress } = await build('make the title bigger')
    expect(result.code).toBe('')
    expect(checked).toEqual([])
    expect(result.verification).toBeUndefined()
    expect(progress.map((step) => step.event.currentStepTitle)).not.toContain('Checking in a browser')
  })
})

describe("the worker's CPU pool and a check that cannot run (issue 27)", () => {
  const input = (prompt: string) => ({
    model: 'gpt-4.1-mini' as const,
    prompt,
    attachments: [],
    code: '',
    history: [],
    maxTokens: 20_000,
    signal: new AbortController().signal,
  })

  it("runs the offline builder's own work through the CPU pool the worker gives", async () => {
    const turns: string[] = []
    const cpu = async <T>(work: () => Promise<T>) => {
      turns.push('turn')
      return work()
    }
    const result = await runPipeline({ ...input('a counter'), cpu }, async () => {})
    expect(turns).toEqual(['turn'])
    expect(result.code).toContain('<html')
  })

  it('completes a build whose check throws as not checked, never failed, and says the waits the check reports', async () => {
    const said: (string | undefined)[] = []
    const verify = async (_code: string, _signal: AbortSignal, hooks: { waiting: () => Promise<void>; started: () => Promise<void> }) => {
      await hooks.waiting()
      await hooks.started()
      throw new Error('Timeout 30000ms exceeded')
    }
    const result = await runPipeline({ ...input('a counter'), verify }, async (step) => void said.push(step.event.currentStepTitle))
    expect(result.verification).toEqual({ ok: false, skipped: true, skippedBecause: 'failed', errors: [], screenshot: null })
    expect(said.slice(-2)).toEqual(['Waiting to check in a browser', 'Checking in a browser'])
  })
})
