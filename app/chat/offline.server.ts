import type { GenerationResult } from './generations.server'
import type { PipelineInput, Report } from './pipeline.server'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/**
 * The offline generator (no model server configured): deterministic and honest — the page
 * it builds says it was made offline. (A fuller template set comes with the generation
 * modules.)
 */
export async function offlineBuild(input: PipelineInput, report: Report): Promise<GenerationResult> {
  const steps = ['Lay out the page', 'Add the content']
  await report({ stage: 'planning', event: { type: 'status', stage: 'planning', plannedStepsTotal: steps.length } })
  const title = escapeHtml(input.prompt.trim().slice(0, 80) || 'Your Piece')
  const code = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f8fafc; color: #0f172a; }
  main { max-width: 36rem; padding: 2rem; text-align: center; }
  h1 { font-size: clamp(1.6rem, 4vw, 2.4rem); margin: 0 0 .75rem; }
  .note { margin-top: 2rem; font-size: .8rem; color: #64748b; }
</style>
</head>
<body>
<main>
  <h1>${title}</h1>
  <p>This page was built around your request.</p>
  <p class="note">Made by the offline generator — connect an AI model for real builds.</p>
</main>
</body>
</html>`
  let tokensUsed = 0
  for (const [index, step] of steps.entries()) {
    input.signal.throwIfAborted()
    tokensUsed += Math.ceil(code.length / 4 / steps.length)
    await report({
      stage: 'generating',
      tokensUsed,
      event: {
        type: 'progress',
        stage: 'generating',
        currentStepTitle: step,
        currentStepIndex: index,
        plannedStepsTotal: steps.length,
        latestCode: index === steps.length - 1 ? code : undefined,
        tokensUsed,
      },
    })
  }
  return { code, patch: '', patches: [], diffs: [], tokensUsed, tokensSaved: 0 }
}
