import { describe, expect, it } from 'vitest'
import { SettingsFormSchema, settingsFailure } from './account-forms'

describe('the settings forms', () => {
  const parse = (fields: Record<string, unknown>) => SettingsFormSchema.safeParse(fields)

  it('cancels with `other` unless a reason is given, and trims the feedback away when blank', () => {
    expect(parse({ intent: 'cancel-subscription' }).data).toEqual({ intent: 'cancel-subscription', feedbackCategory: 'other' })
    expect(parse({ intent: 'cancel-subscription', feedbackCategory: 'too_complex', feedbackText: '  too many buttons ' }).data).toEqual({
      intent: 'cancel-subscription',
      feedbackCategory: 'too_complex',
      feedbackText: 'too many buttons',
    })
    expect(parse({ intent: 'cancel-subscription', feedbackText: '   ' }).data).toMatchObject({ feedbackText: undefined })
    expect(parse({ intent: 'cancel-subscription', feedbackCategory: 'bored' }).success).toBe(false)
  })

  it('takes a monthly limit of whole dollars from 5 to 500 only, a preset or a custom amount', () => {
    expect(parse({ intent: 'price-cap', priceCap: 5 }).success).toBe(true)
    expect(parse({ intent: 'price-cap', priceCap: 500, preset: 5 }).success).toBe(true)
    expect(parse({ intent: 'price-cap', preset: 10 }).success).toBe(true)
    for (const priceCap of [4, 501, 7.5]) expect(parse({ intent: 'price-cap', priceCap }).success).toBe(false)
    expect(parse({ intent: 'price-cap' }).success).toBe(false)
  })

  it('names the spec toast of each refused form', () => {
    expect(settingsFailure({ intent: 'cancel-subscription' })).toBe('Failed to cancel subscription')
    expect(settingsFailure({ intent: 'reactivate-subscription' })).toBe('Failed to reactivate subscription')
    expect(settingsFailure({ intent: 'usage-pricing', value: 'true' })).toBe('Failed to enable usage-based pricing')
    expect(settingsFailure({ intent: 'usage-pricing', value: 'false' })).toBe('Failed to disable usage-based pricing')
    expect(settingsFailure({ intent: 'price-cap', priceCap: '3' })).toBe('Failed to update price cap')
    expect(settingsFailure({ intent: 'dark-mode' })).toBe('Failed to update theme preference')
    expect(settingsFailure({})).toBe('Failed to update settings')
  })
})
