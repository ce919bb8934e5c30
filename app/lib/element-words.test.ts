import { describe, expect, it } from 'vitest'
import { elementWords } from './element-words'

describe('an element in a person’s words (issue 37.9)', () => {
  it('names elements as the page shows them, never by tag or selector', () => {
    expect(elementWords({ tag: 'h1', id: 'title', text: 'Counter' })).toBe('the title ‘Counter’')
    expect(elementWords({ tag: 'p', id: 'count', text: '12' })).toBe('the count')
    expect(elementWords({ tag: 'button', role: 'button', id: 'button-count', text: 'Double' })).toBe('the ‘Double’ button')
    expect(elementWords({ tag: 'button', role: 'button', name: 'Increase', text: '+' })).toBe('the ‘Increase’ button')
    expect(elementWords({ tag: 'p', text: 'Click to add one to the count' })).toBe('the paragraph ‘Click to add one to the…’')
    expect(elementWords({ tag: 'h2', text: 'Opening hours' })).toBe('the heading ‘Opening hours’')
    expect(elementWords({ tag: 'input', label: 'New item', placeholder: 'Milk' })).toBe('the ‘New item’ field')
    expect(elementWords({ tag: 'input', placeholder: 'Milk' })).toBe('the field showing ‘Milk’')
    expect(elementWords({ tag: 'input', role: 'checkbox', label: 'Eggs' })).toBe('the checkbox ‘Eggs’')
    expect(elementWords({ tag: 'output', role: 'status', name: 'Count', text: '2' })).toBe('the count')
    expect(elementWords({ tag: 'img', name: 'A cat' })).toBe('the image ‘A cat’')
    expect(elementWords({ tag: 'body' })).toBe('the page')
    expect(elementWords({ tag: 'div' })).toBe('the box')
  })

  it('names an element found by a step as the step knows it', () => {
    expect(elementWords({ id: 'totalPrice' })).toBe('the total price')
    expect(elementWords({ role: 'listitem' })).toBe('the list item')
    expect(elementWords({ text: 'All done' })).toBe('the text ‘All done’')
    // An id that is no words a person would say is not read out.
    expect(elementWords({ id: 'x9f2' })).toBe('the box')
  })
})
