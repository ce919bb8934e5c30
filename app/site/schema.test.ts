import { describe, expect, it } from 'vitest'
import { ContactMessages, ContactSchema, SignedInContactSchema, WaitlistMessages, WaitlistSchema } from './schema'

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message)

describe('ContactSchema', () => {
  const valid = { email: 'ada@example.com', message: 'Hello there' }

  it('accepts a message without a name', () => {
    expect(ContactSchema.parse(valid)).toEqual({ email: 'ada@example.com', message: 'Hello there', name: undefined })
  })

  it.each([
    [{ ...valid, email: undefined }, ContactMessages.emailRequired],
    [{ ...valid, email: '   ' }, ContactMessages.emailRequired],
    [{ ...valid, email: 42 }, ContactMessages.emailRequired],
    [{ ...valid, email: 'ada@example' }, ContactMessages.emailInvalid],
    [{ ...valid, message: undefined }, ContactMessages.messageRequired],
    [{ ...valid, message: '' }, ContactMessages.messageRequired],
    [{ ...valid, message: 'x'.repeat(1001) }, ContactMessages.messageTooLong],
    [{ ...valid, name: 'A' }, ContactMessages.nameTooShort],
  ])('%j → %s', (input, message) => {
    expect(firstError(ContactSchema.safeParse(input))).toBe(message)
  })

  it('allows exactly 1000 characters and trims', () => {
    const parsed = ContactSchema.parse({ ...valid, message: ` ${'x'.repeat(1000)} `, name: ' Ada ' })
    expect(parsed.message).toHaveLength(1000)
    expect(parsed.name).toBe('Ada')
  })

  it('does not ask signed-in users for an email', () => {
    expect(SignedInContactSchema.safeParse({ message: 'hi' }).success).toBe(true)
  })
})

describe('WaitlistSchema', () => {
  it.each([
    [{}, WaitlistMessages.emailRequired],
    [{ email: '' }, WaitlistMessages.emailRequired],
    [{ email: 'nope' }, WaitlistMessages.emailInvalid],
  ])('%j → %s', (input, message) => {
    expect(firstError(WaitlistSchema.safeParse(input))).toBe(message)
  })
})
