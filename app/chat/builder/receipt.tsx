import type { Receipt, ReceiptCall } from '~/pieces/draft-schema'
import { dollars, shareCents } from '~/usage/format'

/** Issue 29.3: what a refunded turn's receipt says. */
export const REFUNDED_TITLE = 'Refunded: the page did not work'
/** Issue 31.3: what it says when the page loaded but a recorded check still failed after the repair. */
export const REFUNDED_CHECKS_TITLE = 'Refunded: a check still fails'

const CALL_NAMES: Record<ReceiptCall['kind'], string> = {
  plan: 'Plan',
  step: 'Step',
  retry: 'Retry with the whole page',
  repair: 'Repair',
  check: 'Browser check',
  edit: 'Edit',
}

const tokens = (count: number) => count.toLocaleString('en-US')

/**
 * Issue 29.2: a turn's receipt under its exchange, a native disclosure (it opens without
 * JavaScript): each call with its input and output tokens, what patches spared, and the
 * total charged, in money too when usage-based pricing billed part of it (the total on its
 * closed line only when the user shows token usage). A refunded turn
 * says so in its summary, with the problems the check found.
 */
export function ReceiptNote({ receipt, showTokens }: { receipt: Receipt; showTokens: boolean }) {
  // What it added to the month's bill, to the cent as the provider bills the month (issue 29.4).
  const money = receipt.billable > 0 ? ` (${dollars(receipt.billedCents)})` : ''
  // With usage-based pricing, each call's part of what the turn added to the bill.
  const callCents =
    receipt.billable > 0
      ? shareCents(
          receipt.billedCents,
          receipt.calls.map((call) => call.inputTokens + call.outputTokens),
        )
      : null
  return (
    <details className="mt-2 text-xs" data-testid="receipt">
      <summary className="cursor-pointer text-zinc-500 hover:text-zinc-700 dark:hover:text-zinc-300">
        {receipt.refunded ? (
          <span className="font-medium text-emerald-700 dark:text-emerald-400">
            {receipt.refunded.because === 'checks' ? REFUNDED_CHECKS_TITLE : REFUNDED_TITLE}
          </span>
        ) : (
          // "Show token usage" off (issue 37.10): the line says no count; opened, the receipt still shows what the turn cost.
          `Receipt${showTokens ? ` · ${tokens(receipt.charged)} tokens charged` : ''}${money}`
        )}
      </summary>
      <table className="mt-2 w-full text-left tabular-nums">
        <caption className="sr-only">What this turn cost</caption>
        <thead className="text-zinc-500">
          <tr>
            <th scope="col" className="w-full font-normal">
              Call
            </th>
            <th scope="col" className="pl-3 text-right font-normal">
              In
            </th>
            <th scope="col" className="pl-3 text-right font-normal">
              Out
            </th>
            {callCents ? (
              <th scope="col" className="pl-3 text-right font-normal">
                Cost
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {receipt.calls.map((call, index) => (
            <tr key={index}>
              <td className="max-w-0 truncate pr-2">
                {CALL_NAMES[call.kind]}
                {call.title ? `: ${call.title}` : ''}
              </td>
              <td className="pl-3 text-right">{call.kind === 'check' ? '–' : tokens(call.inputTokens)}</td>
              <td className="pl-3 text-right">{call.kind === 'check' ? '–' : tokens(call.outputTokens)}</td>
              {callCents ? <td className="pl-3 text-right">{call.kind === 'check' ? '–' : dollars(callCents[index] ?? 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">
        Used {tokens(receipt.used)} tokens; charged {tokens(receipt.charged)}
        {money}.{receipt.saved > 0 ? ` Patches spared about ${tokens(receipt.saved)} tokens against rewriting the page.` : ''}
      </p>
      {receipt.refunded ? (
        <div className="mt-1 text-zinc-600 dark:text-zinc-400">
          <p>
            {receipt.refunded.because === 'checks'
              ? 'Nothing was charged: a recorded check still failed after the repair.'
              : 'Nothing was charged: the page still failed its browser check.'}
          </p>
          {receipt.refunded.problems.length ? (
            <ul className="mt-1 list-disc pl-4">
              {receipt.refunded.problems.map((problem, index) => (
                <li key={index} className="break-words">
                  {problem}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {receipt.repairSkipped ? <p className="mt-1 text-zinc-500">{receipt.repairSkipped}</p> : null}
    </details>
  )
}
