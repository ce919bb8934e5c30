import { describe, expect, it } from 'vitest'
import { DEFAULT_SPREAD, describeEstimate, ESTIMATE_BASE_TOKENS, estimateCost, percentile, spreadOf, turnKind, turnPromptTokens, widened } from './estimate'
import { IMAGE_TOKENS } from './tokens'

describe('the estimate before Send (issue 29.1)', () => {
  it('counts what the turn will send: message, page, the last six messages and each image', () => {
    const history = Array.from({ length: 8 }, (_, index) => ({ content: 'x'.repeat(40 + index) }))
    const prompt = turnPromptTokens({ message: 'a'.repeat(40), code: 'c'.repeat(400), messageHistory: history, attachments: [{}, {}] })
    const sixLast = history.slice(-6).reduce((sum, entry) => sum + Math.ceil(entry.content.length / 4), 0)
    expect(prompt).toBe(10 + 100 + sixLast + 2 * IMAGE_TOKENS)
  })

  it('tells a first build from an edit, and an edit aimed at one element from both', () => {
    expect(turnKind('  ')).toBe('build')
    expect(turnKind('<html></html>')).toBe('edit')
    expect(turnKind('<html></html>', true)).toBe('aimed')
    expect(turnKind('<html></html>', true, true)).toBe('redo')
    expect(turnKind('<html></html>', false, true)).toBe('redo')
  })

  it('counts an aimed send by the element and its ancestors’ start tags it sends, not the page (issue 37.10)', () => {
    const aimed = { element: '<button>Go</button>', ancestors: ['<body>', '<main class="app">'] }
    const prompt = turnPromptTokens({ message: 'make it red', code: 'c'.repeat(40_000), messageHistory: [], attachments: [], aimed })
    expect(prompt).toBe(Math.ceil('make it red'.length / 4) + Math.ceil(aimed.element.length / 4) + Math.ceil('<body> › <main class="app">'.length / 4))
  })

  it('interpolates percentiles as PostgreSQL’s percentile_cont does', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5)
    expect(percentile([10], 0.95)).toBe(10)
    expect(percentile([0, 10], 0.05)).toBeCloseTo(0.5)
  })

  it('uses the default spread until enough turns are recorded, then their widened 5th and 95th percentiles', () => {
    expect(spreadOf([1, 2, 3], 'build')).toEqual(DEFAULT_SPREAD.build)
    const ratios = Array.from({ length: 100 }, (_, index) => 1 + index / 100)
    const sorted = [...ratios].sort((a, b) => a - b)
    expect(spreadOf(ratios.reverse(), 'edit')).toEqual(widened({ low: percentile(sorted, 0.05), high: percentile(sorted, 0.95) }, 100))
    expect(widened({ low: 2, high: 4 }, 25)).toEqual({ low: 2 / 1.1, high: 4 * 1.1 })
  })

  it('scales the spread by what the turn sends and says it in round thousands', () => {
    const estimate = estimateCost(3_000, { low: 1, high: 2.25 })
    expect(estimate).toEqual({ low: 3_000 + ESTIMATE_BASE_TOKENS, high: 9_000 })
    expect(describeEstimate(estimate)).toBe('about 4K–9K tokens')
  })
})
