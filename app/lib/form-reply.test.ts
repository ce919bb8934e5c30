import { describe, expect, it } from 'vitest'
import { firstError, invalidReply, refusedReply, type FormWords } from './form-reply'

const sent = { intent: 'rename', name: 'taken' }

/** A form like the Piece menu: a failure toast per intent, the rename's refusals under the name. */
const words: FormWords = {
  failure: (form) => `Failed to ${form.intent}`,
  inPlace: (form) => (form.intent === 'rename' ? 'name' : undefined),
}

describe('refusedReply', () => {
  it('puts a refusal of what was sent under the field the form shows it by, without a toast', () => {
    expect(refusedReply(words, { message: 'Name already taken', status: 409, ofSent: true }, sent, '/resources/pieces')).toEqual({
      ok: false,
      status: 409,
      result: { status: 'error', initialValue: sent, error: { '': [], name: ['Name already taken'] } },
    })
  })

  it('says a refusal of the whole submission as the form’s error and its failure toast, with the reason under it', () => {
    const reply = refusedReply(words, { message: 'Could not reach Pieces.', status: 0 }, sent, '/resources/pieces')
    expect(reply).toMatchObject({ ok: false, status: 0, toast: { title: 'Failed to rename', description: 'Could not reach Pieces.' } })
    expect(reply.result.error).toEqual({ '': ['Could not reach Pieces.'] })
  })

  it('toasts a refusal of what was sent when the form has no place for it, and asks for the payment dialog', () => {
    const reply = refusedReply(words, { message: 'Needs PLUS', status: 403, ofSent: true, upgrade: 'upgrade-to-plus' }, { intent: 'visibility' }, '/')
    expect(reply).toMatchObject({ toast: { title: 'Failed to visibility', description: 'Needs PLUS' }, upgrade: 'upgrade-to-plus' })
  })

  it('shows under the form for an in-place of "" and gives no toast when the form has no failure words', () => {
    const reply = refusedReply({ inPlace: () => '' }, { message: 'Wrong password', status: 401, ofSent: true }, { email: 'a@b.c' }, '/signin')
    expect(reply).toEqual({ ok: false, status: 401, result: { status: 'error', initialValue: { email: 'a@b.c' }, error: { '': ['Wrong password'] } } })
    expect(refusedReply({}, { message: 'No answer', status: 0 }, {}, '/').toast).toBeUndefined()
  })

  it('does not repeat a message that is its own title', () => {
    expect(refusedReply({ failure: () => 'Same' }, { message: 'Same', status: 500 }, {}, '/').toast).toEqual({ title: 'Same' })
  })
})

describe('invalidReply', () => {
  const result = { status: 'error' as const, error: { email: ['Please enter a valid email address'] } }

  it('leaves the errors by their fields on a form that shows them', () => {
    expect(invalidReply({ inPlace: () => 'email', failure: () => 'Failed' }, 'Please enter a valid email address', {}, '/', result)).toEqual({
      ok: false,
      status: 400,
      result,
    })
  })

  it('toasts them on a form that does not, or that asks for its own invalid toast', () => {
    expect(invalidReply({ failure: () => 'Failed to update price cap' }, 'Too low', {}, '/', result).toast).toEqual({
      title: 'Failed to update price cap',
      description: 'Too low',
    })
    expect(invalidReply({ inPlace: () => 'email', invalid: 'Please check your email' }, 'Bad', {}, '/', result).toast).toEqual({
      title: 'Please check your email',
    })
  })
})

describe('firstError', () => {
  it('answer the form’s own error first, then the first field’s', () => {
    expect(firstError({ status: 'error', error: { name: ['by the field'], '': ['of the form'] } })).toBe('of the form')
    expect(firstError({ status: 'error', error: { name: ['by the field'] } })).toBe('by the field')
    expect(firstError({ status: 'success' })).toBeNull()
  })
})
