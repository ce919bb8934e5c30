import { BUDGET_MAX, BUDGET_MIN, BUDGET_PRESETS } from '~/lib/constants'

/**
 * The monthly budget input's rules (spec 1 §5, spec 2 §5), as pure functions: the custom
 * box takes digits only (its `$` is drawn beside the text, so it cannot be edited), a
 * leading 0 and a value above the maximum are refused silently, and an empty box clears
 * the selection.
 */

/** A preset chosen, or a custom amount typed (`custom` holds digits only, '' when empty). */
export type Budget = { preset: number | null; custom: string }

export const NO_BUDGET: Budget = { preset: null, custom: '' }

/**
 * The custom box's text after the user changed it to `typed`: the accepted digits, or
 * `previous` when the change is refused. A pasted leading `$` is dropped. Leading zeros go,
 * so a lone 0 typed first leaves the box empty.
 */
export function acceptBudgetText(previous: string, typed: string): string {
  const text = typed.trim().replace(/^\$/, '')
  if (!/^\d*$/.test(text)) return previous
  const digits = text.replace(/^0+/, '')
  if (digits !== '' && Number(digits) > BUDGET_MAX) return previous
  return digits
}

/** The new selection after the custom box changed: typing replaces the preset, emptying it clears both. */
export function typeBudget(budget: Budget, typed: string): Budget {
  const custom = acceptBudgetText(budget.custom, typed)
  if (custom === budget.custom) return budget
  return { preset: null, custom }
}

/** Choosing a preset empties the custom box. */
export const chooseBudgetPreset = (preset: number): Budget => ({ preset, custom: '' })

/**
 * Spec 1 §4: a saved cap of 5, 10 or 20 selects that preset, any other positive cap goes
 * into the custom box, and with no cap the preset 5 is chosen.
 */
export function initialBudget(priceCap: number | null | undefined): Budget {
  if (priceCap && BUDGET_PRESETS.some((preset) => preset === priceCap)) return chooseBudgetPreset(priceCap)
  if (priceCap && priceCap > 0) return { preset: null, custom: String(Math.min(Math.round(priceCap), BUDGET_MAX)) }
  return chooseBudgetPreset(BUDGET_MIN)
}

/** The budget in whole dollars; nothing chosen counts as 0 (spec 1 §5, settings). */
export const budgetAmount = (budget: Budget) => (budget.custom ? Number(budget.custom) : (budget.preset ?? 0))

/** Confirm (Set Up, Save) needs at least the minimum and no save under way. */
export const canConfirmBudget = (budget: Budget, saving: boolean) => !saving && budgetAmount(budget) >= BUDGET_MIN
