import { describe, expect, it } from 'vitest'
import {
  breaksWords,
  brokenChecks,
  CheckStepsSchema,
  CreateCheckBody,
  failureWords,
  proposedName,
  resultWords,
  stepWords,
  summaryWords,
  type CheckStep,
  visitorsOf,
} from './schema'

const plus: CheckStep = { action: 'click', target: { by: 'role', role: 'button', name: '+' } }
const reads2: CheckStep = { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '2' }

describe('check steps in words', () => {
  it('says each kind of step as a person would', () => {
    expect(
      [
        plus,
        { action: 'fill', target: { by: 'label', label: 'New item' }, value: 'milk' },
        { action: 'fill', target: { by: 'placeholder', placeholder: 'Search' }, value: '' },
        { action: 'select', target: { by: 'role', role: 'combobox', name: 'Colour' }, value: 'Red' },
        { action: 'press', key: 'Enter' },
        { action: 'press', target: { by: 'label', label: 'Name' }, key: 'ArrowUp' },
        reads2,
        { action: 'expect-value', target: { by: 'role', role: 'textbox', name: 'Total' }, value: '12' },
        { action: 'expect-count', target: { by: 'role', role: 'listitem' }, count: 3 },
        { action: 'expect-count', target: { by: 'text', text: 'Done' }, count: 1 },
        { action: 'expect-shown', text: 'All done' },
      ].map((step) => stepWords(step as CheckStep)),
    ).toEqual([
      'Click the ‘+’ button',
      'Type ‘milk’ into the ‘New item’ field',
      'Clear the field showing ‘Search’',
      'Choose ‘Red’ in the ‘Colour’ field',
      'Press Enter',
      'Press the up arrow in the ‘Name’ field',
      'Check that the count reads ‘2’',
      'Check that the ‘Total’ field holds ‘12’',
      'Check that there are 3 list items',
      'Check that there is 1 element matching the text ‘Done’',
      'Check that the page shows ‘All done’',
    ])
  })

  it('proposes a name from the first action and the last expectation, within the limit', () => {
    expect(proposedName([plus, plus, reads2])).toBe('click the ‘+’ button, then the count reads ‘2’')
    expect(proposedName([{ action: 'expect-shown', text: 'Hello' }])).toBe('the page loads, then the page shows ‘Hello’')
    expect(proposedName([{ action: 'fill', target: { by: 'label', label: 'x'.repeat(60) }, value: 'y'.repeat(60) }, reads2]).length).toBeLessThanOrEqual(80)
  })

  it('names elements as a person sees them, and never nests the same quotes in a failure line (issue 37.9)', () => {
    const increase: CheckStep = { action: 'click', target: { by: 'role', role: 'button', name: 'Increase' } }
    const heading: CheckStep = { action: 'expect-text', target: { by: 'role', role: 'heading', name: 'Counter' }, text: 'Counter' }
    expect(stepWords(increase)).toBe('Click the ‘Increase’ button')
    expect(stepWords(heading)).toBe('Check that the heading ‘Counter’ reads ‘Counter’')
    expect(stepWords({ action: 'expect-text', target: { by: 'id', id: 'totalPrice' }, text: '4' })).toBe('Check that the total price reads ‘4’')
    const name = proposedName([increase, { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '1' }])
    expect(name).toBe('click the ‘Increase’ button, then the count reads ‘1’')
    const line = failureWords({ name, message: 'Expected the count to read “1”, but it reads “4”.' })
    expect(line).toBe('The check “click the ‘Increase’ button, then the c…” fails: Expected the count to read “1”, but it reads “4”.')
    // Inside the check's “…”, no other “ opens.
    expect(/“[^”]*“/.test(line.slice(0, line.indexOf(' fails')))).toBe(false)
  })

  it('sums up results: flaky ones pass, as they passed when run again', () => {
    expect(summaryWords([{ status: 'pass' }])).toBe('1 of 1 checks pass')
    expect(summaryWords([{ status: 'pass' }, { status: 'flaky' }, { status: 'fail' }])).toBe('2 of 3 checks pass')
    expect(summaryWords([{ status: 'pass' }, { status: 'error' }])).toBe('1 of 1 checks pass; 1 could not be run')
    expect(resultWords({ status: 'fail', step: 2, message: 'Expected 2.' })).toBe('Fails at step 3: Expected 2.')
    expect(resultWords({ status: 'flaky', step: 2, message: 'x' })).toMatch(/^Flaky: failed once, then passed/)
  })

  it('names what a version breaks: failures of checks that passed on the accepted version only', () => {
    const broken = brokenChecks([
      { name: 'plus raises the count', status: 'fail', wasPassing: true },
      { name: 'never passed', status: 'fail', wasPassing: false },
      { name: 'flaky', status: 'flaky', wasPassing: true },
      { name: 'minus lowers the count', status: 'fail', wasPassing: true },
    ])
    expect(broken).toEqual(['plus raises the count', 'minus lowers the count'])
    expect(breaksWords(broken.slice(0, 1))).toBe('This version breaks “plus raises the count”')
    expect(breaksWords(broken)).toBe('This version breaks “plus raises the count” and “minus lowers the count”')
    expect(brokenChecks(undefined)).toEqual([])
  })
})

describe('what a check may be', () => {
  it('needs a step, something that must be true, and locators that name elements (no CSS paths or positions)', () => {
    expect(CheckStepsSchema.safeParse([plus, reads2]).success).toBe(true)
    expect(CheckStepsSchema.safeParse([]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([plus]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([{ action: 'click', target: { by: 'css', selector: 'div > button:nth-child(2)' } }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([{ action: 'click', target: { by: 'id', id: 'a"]; x' } }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([{ action: 'click', target: { by: 'role', role: 'generic', name: 'x' } }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([{ action: 'press', key: 'a' }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse(Array.from({ length: 31 }, () => reads2)).success).toBe(false)
  })

  it('may act as a second visitor and back, each switch to the other one; old checks parse unchanged (issue 39.6)', () => {
    const second: CheckStep = { action: 'switch-visitor', visitor: 2 }
    const first: CheckStep = { action: 'switch-visitor', visitor: 1 }
    expect(CheckStepsSchema.parse([plus, second, reads2, first, reads2])).toEqual([plus, second, reads2, first, reads2])
    expect(CheckStepsSchema.safeParse([plus, reads2]).data).toEqual([plus, reads2])
    const refusal = (steps: unknown[]) => CheckStepsSchema.safeParse(steps).error?.issues[0]?.message
    expect(refusal([first, reads2])).toBe('Each switch of visitor is to the other one: remove the switch that repeats.')
    expect(refusal([second, second, reads2])).toBe('Each switch of visitor is to the other one: remove the switch that repeats.')
    expect(CheckStepsSchema.safeParse([{ action: 'switch-visitor', visitor: 3 }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([{ action: 'switch-visitor' }, reads2]).success).toBe(false)
    expect(CheckStepsSchema.safeParse([second]).success).toBe(false)
    expect(visitorsOf([plus, second, reads2, first, reads2])).toEqual([1, 2, 2, 1, 1])
    expect([second, first].map(stepWords)).toEqual(['Now as a second visitor', 'Now as the first visitor again'])
    const shown: CheckStep = { action: 'expect-shown', text: 'Hello' }
    expect(proposedName([plus, shown, second, shown])).toBe('click the ‘+’ button, then for a second visitor the page shows ‘Hello’')
    expect(proposedName([plus, second, reads2, first, shown])).toBe('click the ‘+’ button, then for the first visitor the page shows ‘Hello’')
  })

  it('trims the name and refuses an empty or control-character one', () => {
    expect(CreateCheckBody.parse({ name: '  plus  ', steps: [reads2] }).name).toBe('plus')
    expect(CreateCheckBody.safeParse({ name: '   ', steps: [reads2] }).success).toBe(false)
    expect(CreateCheckBody.safeParse({ name: 'a\u0000b', steps: [reads2] }).success).toBe(false)
  })
})
