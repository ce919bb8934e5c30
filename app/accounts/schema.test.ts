import { describe, expect, it } from 'vitest'
import { AuthMessages, CredentialsSchema, isWeakPassword, nameProblem, UsernameSchema } from './schema'

describe('nameProblem', () => {
  it.each([
    ['ab', 'Name must be at least 3 characters'],
    ['   ', "Name can't be blank"],
    ['  a', 'Name must be at least 3 characters'],
    ['my piece', 'Name must only contain letters, numbers, underscores, and periods'],
    ['piece!', 'Name must only contain letters, numbers, underscores, and periods'],
    ['piece.', 'Name cannot end with a period'],
    ['a'.repeat(25), 'Name must be 24 characters or less'],
    ['my.piece_2', null],
    ['a'.repeat(24), null],
  ])('%j → %s', (value, message) => {
    expect(nameProblem(value)).toBe(message)
  })

  it('checks the rules in order', () => {
    // Too long and ending with a period: the period rule comes first.
    expect(nameProblem(`${'a'.repeat(25)}.`)).toBe('Name cannot end with a period')
    // Bad characters and too long: the character rule comes first.
    expect(nameProblem('a b'.repeat(10))).toBe('Name must only contain letters, numbers, underscores, and periods')
  })

  it('has a Username variant', () => {
    expect(nameProblem('ab', 'Username')).toBe('Username must be at least 3 characters')
    expect(nameProblem('bad name', 'Username')).toBe('Username must only contain letters, numbers, underscores, and periods')
  })
})

describe('UsernameSchema', () => {
  it('trims and lower-cases', () => {
    expect(UsernameSchema.parse({ username: '  Ada.Lovelace ' }).username).toBe('ada.lovelace')
  })
})

describe('CredentialsSchema', () => {
  const error = (input: object) => {
    const result = CredentialsSchema.safeParse(input)
    return result.success ? null : result.error.issues[0]!.message
  }
  it.each([
    [{ password: 'secret1' }, AuthMessages.emailRequired],
    [{ email: '', password: 'secret1' }, AuthMessages.emailRequired],
    [{ email: 'nope', password: 'secret1' }, AuthMessages.emailInvalid],
    [{ email: 'a@b.co' }, AuthMessages.passwordRequired],
    [{ email: 'a@b.co', password: '' }, AuthMessages.passwordRequired],
    [{ email: 'a@b.co', password: '12345' }, AuthMessages.passwordTooShort],
  ])('%j → %s', (input, message) => {
    expect(error(input)).toBe(message)
  })
})

describe('isWeakPassword', () => {
  it('flags common and trivial passwords', () => {
    expect(isWeakPassword('password', 'a@b.co')).toBe(true)
    expect(isWeakPassword('aaaaaaa', 'a@b.co')).toBe(true)
    expect(isWeakPassword('a@b.co', 'a@b.co')).toBe(true)
    expect(isWeakPassword('correct horse', 'a@b.co')).toBe(false)
  })
})
