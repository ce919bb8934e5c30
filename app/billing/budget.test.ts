import { describe, expect, it } from 'vitest'
import { acceptBudgetText, budgetAmount, canConfirmBudget, chooseBudgetPreset, initialBudget, typeBudget } from './budget'
import { BudgetFormSchema, budgetOf } from './schema'

describe('the monthly budget box (spec 1 §5)', () => {
  it('takes digits only, and refuses anything else silently', () => {
    expect(acceptBudgetText('', '1')).toBe('1')
    expect(acceptBudgetText('1', '12')).toBe('12')
    expect(acceptBudgetText('12', '12a')).toBe('12')
    expect(acceptBudgetText('', 'abc')).toBe('')
    expect(acceptBudgetText('5', '5.5')).toBe('5')
    expect(acceptBudgetText('5', '-5')).toBe('5')
    expect(acceptBudgetText('5', '5e1')).toBe('5')
  })

  it('refuses a lone 0 typed first, and drops leading zeros', () => {
    expect(acceptBudgetText('', '0')).toBe('')
    expect(acceptBudgetText('', '00')).toBe('')
    expect(acceptBudgetText('5', '05')).toBe('5')
    expect(acceptBudgetText('50', '0')).toBe('')
  })

  it('refuses a value above 500, and takes 500', () => {
    expect(acceptBudgetText('50', '501')).toBe('50')
    expect(acceptBudgetText('', '9999')).toBe('')
    expect(acceptBudgetText('50', '500')).toBe('500')
  })

  it('drops a pasted $ prefix', () => {
    expect(acceptBudgetText('', '$25')).toBe('25')
    expect(acceptBudgetText('', '$$25')).toBe('')
  })

  it('typing replaces the preset; emptying the box clears the selection', () => {
    const typed = typeBudget(chooseBudgetPreset(10), '7')
    expect(typed).toEqual({ preset: null, custom: '7' })
    expect(typeBudget(typed, '')).toEqual({ preset: null, custom: '' })
    expect(budgetAmount(typeBudget(typed, ''))).toBe(0)
    const refused = chooseBudgetPreset(10)
    expect(typeBudget(refused, '0')).toBe(refused)
  })

  it('confirming needs at least $5 and no save under way', () => {
    expect(canConfirmBudget({ preset: null, custom: '4' }, false)).toBe(false)
    expect(canConfirmBudget({ preset: null, custom: '5' }, false)).toBe(true)
    expect(canConfirmBudget(chooseBudgetPreset(20), false)).toBe(true)
    expect(canConfirmBudget(chooseBudgetPreset(20), true)).toBe(false)
    expect(canConfirmBudget({ preset: null, custom: '' }, false)).toBe(false)
  })

  it('preselects a saved cap: a preset, the custom box, or $5 (spec 1 §4)', () => {
    expect(initialBudget(5)).toEqual({ preset: 5, custom: '' })
    expect(initialBudget(10)).toEqual({ preset: 10, custom: '' })
    expect(initialBudget(20)).toEqual({ preset: 20, custom: '' })
    expect(initialBudget(42)).toEqual({ preset: null, custom: '42' })
    expect(initialBudget(null)).toEqual({ preset: 5, custom: '' })
    expect(initialBudget(0)).toEqual({ preset: 5, custom: '' })
  })
})

describe('the budget form fields', () => {
  const parse = (fields: Record<string, string>) => BudgetFormSchema.safeParse(fields)

  it('a custom amount wins over the preset; the preset counts when the box is empty', () => {
    expect(budgetOf(BudgetFormSchema.parse({ preset: 10, priceCap: 42 }))).toBe(42)
    expect(budgetOf(BudgetFormSchema.parse({ preset: 10 }))).toBe(10)
  })

  it('refuses no budget, or one outside 5 to 500', () => {
    expect(parse({}).success).toBe(false)
    expect(BudgetFormSchema.safeParse({ priceCap: 4 }).success).toBe(false)
    expect(BudgetFormSchema.safeParse({ priceCap: 501 }).success).toBe(false)
    expect(BudgetFormSchema.safeParse({ priceCap: 7.5 }).success).toBe(false)
    expect(BudgetFormSchema.safeParse({ preset: 1000 }).success).toBe(false)
  })
})
