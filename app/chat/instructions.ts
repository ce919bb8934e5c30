/**
 * What the model is told, in one place, and how its answers are read. A Piece is one
 * self-contained HTML document; the model first plans short steps, then answers each step
 * with the whole updated document.
 */
export const MAX_PLAN_STEPS = 4

export const PLAN_INSTRUCTIONS = [
  'You plan changes to a small single-page web app (one HTML document with inline CSS and JavaScript).',
  `Answer with JSON only: {"steps": ["...", "..."]} — 1 to ${MAX_PLAN_STEPS} short step titles (a few words each) that together do what the user asks.`,
].join('\n')

export const STEP_INSTRUCTIONS = [
  'You build small single-page web apps as one complete HTML document with inline CSS and JavaScript, no external build step.',
  'Make it accessible, responsive and good-looking. Keep everything the user did not ask to change.',
  'Answer with the complete updated document in one ```html fenced block and nothing else.',
].join('\n')

export function stepMessage({ prompt, step, index, total, code }: { prompt: string; step: string; index: number; total: number; code: string }) {
  return [
    `Request: ${prompt}`,
    `Step ${index + 1} of ${total}: ${step}`,
    code.trim() ? `Current document:\n\`\`\`html\n${code}\n\`\`\`` : 'There is no document yet; start one.',
  ].join('\n\n')
}

/** The plan's step titles; a missing or malformed plan becomes one step. */
export function parsePlan(answer: string): string[] {
  const json = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1] ?? /\{[\s\S]*\}/.exec(answer)?.[0] ?? ''
  try {
    const steps = (JSON.parse(json) as { steps?: unknown }).steps
    if (Array.isArray(steps)) {
      const titles = steps.filter((step): step is string => typeof step === 'string' && step.trim().length > 0).map((step) => step.trim().slice(0, 80))
      if (titles.length) return titles.slice(0, MAX_PLAN_STEPS)
    }
  } catch {
    // fall through
  }
  return ['Build the page']
}

/** The HTML document of a step's answer: a fenced block, or a bare document; null otherwise. */
export function parseDocument(answer: string): string | null {
  const fenced = /```(?:html)?\s*([\s\S]*?)```/i.exec(answer)?.[1]?.trim()
  const candidate = fenced ?? answer.trim()
  return /<(!doctype html|html|body)[\s>]/i.test(candidate) ? candidate : null
}
