import { useId, useState } from 'react'
import { BUDGET_MAX, BUDGET_MIN, BUDGET_PRESETS } from '~/lib/constants'
import { useHydrated } from '~/lib/hydrated'
import { cn } from '~/ui/cn'
import { ErrorList } from '~/ui/field'
import { budgetAmount, canConfirmBudget, chooseBudgetPreset, initialBudget, typeBudget, type Budget } from './budget'

/**
 * The budget a form is editing, starting from the saved cap (spec 1 §4). `ready` says
 * whether its confirm button (Set Up, Save) may be pressed: at least $5, no save under way.
 */
export function useBudget(priceCap: number | null | undefined) {
  const [budget, setBudget] = useState(() => initialBudget(priceCap))
  return { budget, setBudget, amount: budgetAmount(budget), ready: (saving: boolean) => canConfirmBudget(budget, saving) }
}

const pill =
  'grid h-10 min-w-16 cursor-pointer place-items-center rounded-lg border border-zinc-300 px-3 text-sm font-medium tabular-nums hover:bg-zinc-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-500/10 has-[:checked]:text-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 dark:border-zinc-700 dark:hover:bg-zinc-800 dark:has-[:checked]:text-brand-300'

/**
 * The monthly budget (spec 1 §5, spec 2 §5): presets $5, $10 and $20 and a custom box
 * with a `$` that is drawn, not typed. It posts `preset` (the radio) and `priceCap` (the
 * box, which wins when filled); parse them with `budgetShape` + `requireBudget` and read
 * the dollars with `budgetOf` (./schema). With JavaScript the box takes digits only and
 * refuses a leading 0 or more than $500 silently; without, it is a number input with
 * min and max, and a saved custom cap is offered as a fourth radio.
 */
export function BudgetInput({
  budget,
  onChange,
  priceCap,
  disabled = false,
  errors,
  legend = 'Monthly budget',
}: {
  budget: Budget
  onChange: (budget: Budget) => void
  /** The saved cap, for the form without JavaScript. */
  priceCap: number | null | undefined
  disabled?: boolean
  errors?: string[] | null
  legend?: string
}) {
  const hydrated = useHydrated()
  const id = useId()
  const initial = initialBudget(priceCap)
  const presets: number[] = [...BUDGET_PRESETS]
  // Without JavaScript a radio cannot empty the box, so a saved custom cap is a choice of its own.
  if (!hydrated && initial.custom) presets.push(Number(initial.custom))
  const errorId = `${id}-error`
  return (
    <fieldset disabled={disabled} className="min-w-0" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-zinc-700 dark:text-zinc-300">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {presets.map((preset) => (
          <label key={preset} className={pill}>
            <input
              type="radio"
              name="preset"
              value={preset}
              className="sr-only"
              {...(hydrated
                ? { checked: budget.preset === preset && !budget.custom, onChange: () => onChange(chooseBudgetPreset(preset)) }
                : { defaultChecked: initial.custom ? preset === Number(initial.custom) : preset === initial.preset })}
            />
            ${preset}
          </label>
        ))}
        <div className="relative min-w-28 flex-1">
          <label htmlFor={`${id}-custom`} className="sr-only">
            Custom amount in dollars
          </label>
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 grid place-items-center text-sm text-zinc-500">
            $
          </span>
          <input
            id={`${id}-custom`}
            name="priceCap"
            autoComplete="off"
            placeholder="Custom"
            aria-invalid={errors?.length ? true : undefined}
            className={cn(
              'h-10 w-full rounded-lg border border-zinc-300 bg-white pr-3 pl-7 text-sm tabular-nums text-zinc-900 placeholder:text-zinc-400 focus:outline-2 focus:outline-offset-1 focus:outline-brand-500 aria-[invalid]:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
              budget.custom && 'border-brand-500 dark:border-brand-500',
            )}
            {...(hydrated
              ? { type: 'text', inputMode: 'numeric', value: budget.custom, onChange: (event) => onChange(typeBudget(budget, event.currentTarget.value)) }
              : { type: 'number', min: BUDGET_MIN, max: BUDGET_MAX, step: 1 })}
          />
        </div>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  )
}
