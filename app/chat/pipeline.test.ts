import { describe, expect, it } from 'vitest'
import { runPipeline, type BrowserCheck, type PipelineProgress } from './pipeline.server'

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
