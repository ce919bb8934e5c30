import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  CreatePieceBody,
  CreatePieceSchema,
  DescriptionSchema,
  PieceFormSchema,
  PieceIdQuery,
  PieceListQuery,
  PieceMessages,
  pieceNameProblem,
  UpdatePieceBody,
  VisibilitySchema,
} from './schema'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message

describe('Piece name rules (spec 1 §5, in order)', () => {
  it.each([
    ['ab', 'Name must be at least 3 characters'],
    ['', 'Name must be at least 3 characters'],
    ['   ', "Name can't be blank"],
    ['my piece', 'Name must only contain letters, numbers, underscores, and periods'],
    ['piece-1', 'Name must only contain letters, numbers, underscores, and periods'],
    ['piece.', 'Name cannot end with a period'],
    ['a'.repeat(25), 'Name must be 24 characters or less'],
    ['My.Piece_2', null],
    ['a'.repeat(24), null],
  ])('%j → %s', (value, message) => {
    expect(pieceNameProblem(value)).toBe(message)
  })

  it('reports the earlier rule when several are broken', () => {
    expect(pieceNameProblem('a!')).toBe('Name must be at least 3 characters')
    expect(pieceNameProblem('a b'.repeat(10))).toBe('Name must only contain letters, numbers, underscores, and periods')
    expect(pieceNameProblem(`${'a'.repeat(25)}.`)).toBe('Name cannot end with a period')
  })

  it('trims and lower-cases a valid name', () => {
    expect(CreatePieceSchema.parse({ name: '  Todo.App ' }).name).toBe('todo.app')
  })

  it('reads an empty form field as too short and another type as a type error', () => {
    expect(firstMessage(CreatePieceSchema.safeParse({}))).toBe('Name must be at least 3 characters')
    expect(firstMessage(CreatePieceSchema.safeParse({ name: 42 }))).toBe('name must be a string')
  })
})

describe('description', () => {
  it('is trimmed and at most 1000 characters after trimming', () => {
    expect(DescriptionSchema.parse({ description: '  hello  ' }).description).toBe('hello')
    expect(DescriptionSchema.parse({ description: ` ${'x'.repeat(1000)} ` }).description).toHaveLength(1000)
    expect(firstMessage(DescriptionSchema.safeParse({ description: 'x'.repeat(1001) }))).toBe('Description must be 1000 characters or less')
  })

  it('is empty when the form field is empty', () => {
    expect(DescriptionSchema.parse({}).description).toBe('')
  })
})

describe('visibility', () => {
  it('is one of public, private, members', () => {
    for (const visibility of ['public', 'private', 'members']) expect(VisibilitySchema.parse({ visibility }).visibility).toBe(visibility)
    expect(firstMessage(VisibilitySchema.safeParse({ visibility: 'friends' }))).toBe(PieceMessages.visibilityInvalid)
  })
})

describe('API bodies and queries', () => {
  it('creates public Pieces unless told otherwise', () => {
    expect(CreatePieceBody.parse({ name: 'abc' })).toEqual({ name: 'abc', visibility: 'public' })
  })

  it('refuses an empty update and wrong types', () => {
    expect(firstMessage(UpdatePieceBody.safeParse({}))).toMatch(/Nothing to update/)
    expect(firstMessage(UpdatePieceBody.safeParse({ description: 5 }))).toBe('description must be a string')
    expect(firstMessage(UpdatePieceBody.safeParse({ icon: null }))).toBe(PieceMessages.iconInvalid)
    expect(firstMessage(UpdatePieceBody.safeParse({ draftData: 'x' }))).toBe('draftData must be an object or null')
    expect(UpdatePieceBody.parse({ draftData: null })).toEqual({ draftData: null })
  })

  it('bounds paging and ids', () => {
    expect(PieceListQuery.parse({ limit: '25' })).toEqual({ limit: 25 })
    for (const limit of ['0', '101', 'ten', '2.5']) {
      expect(firstMessage(PieceListQuery.safeParse({ limit }))).toBe('limit must be a whole number from 1 to 100')
    }
    expect(PieceIdQuery.parse({ id: '7' })).toEqual({ id: 7 })
    for (const id of [undefined, '', 'abc', '-1', '1.5']) {
      expect(firstMessage(PieceIdQuery.safeParse({ id }))).toBe('id must be the id of a Piece')
    }
  })
})

describe('the Piece forms (one schema, told apart by intent)', () => {
  const form = (fields: Record<string, string | File>) => {
    const data = new FormData()
    for (const [key, value] of Object.entries(fields)) data.set(key, value)
    return parseWithZod(data, { schema: PieceFormSchema })
  }

  it('reads each intent with the field rules of its own', () => {
    expect(form({ intent: 'create', name: ' New.Piece ' })).toMatchObject({ status: 'success', value: { intent: 'create', name: 'new.piece' } })
    expect(form({ intent: 'rename', id: '7', name: 'ab' }).reply().error).toEqual({ name: ['Name must be at least 3 characters'] })
    expect(form({ intent: 'describe', id: '7', description: ' x ' })).toMatchObject({ value: { description: 'x' } })
    expect(form({ intent: 'describe', id: '7' })).toMatchObject({ value: { description: '' } })
    expect(form({ intent: 'describe', id: '7', description: 'x'.repeat(1001) }).reply().error).toEqual({ description: [PieceMessages.descriptionTooLong] })
    expect(form({ intent: 'visibility', id: '7', visibility: 'friends' }).reply().error).toEqual({ visibility: [PieceMessages.visibilityInvalid] })
    expect(form({ intent: 'delete', id: 'abc' }).reply().error).toEqual({ id: ['id must be the id of a Piece'] })
  })

  it('takes an icon as a file; an empty file input is no image, and cropped says the browser made it square', () => {
    const icon = new File([new Uint8Array([1, 2, 3])], 'icon.png', { type: 'image/png' })
    expect(form({ intent: 'icon', id: '7', icon, cropped: 'on' })).toMatchObject({ value: { intent: 'icon', id: 7, cropped: true } })
    expect(form({ intent: 'icon', id: '7', icon: new File([], '') }).reply().error).toEqual({ icon: [PieceMessages.notAnImage] })
  })
})
