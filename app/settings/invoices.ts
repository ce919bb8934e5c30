import type { Invoice } from '~/billing/provider.server'
import { dayMonthYear } from './dates'

export const DEFAULT_INVOICE_DESCRIPTION = 'Subscription payment'

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** One row of the billing history (spec 1 §2.5, §9): a paid invoice shows what was paid, another its total; amounts are cents. */
export function invoiceRow(invoice: Invoice) {
  const paid = invoice.status === 'paid'
  return {
    id: invoice.id,
    date: dayMonthYear(invoice.created),
    description: invoice.description?.trim() || DEFAULT_INVOICE_DESCRIPTION,
    amount: dollars.format((paid ? invoice.amount_paid : invoice.total) / 100),
    paid,
    pdf: invoice.invoice_pdf,
  }
}

/** Pages of invoices as one list, newest first, each invoice once (a page may repeat one another already showed). */
export function mergeInvoices(...lists: Invoice[][]): Invoice[] {
  const byId = new Map<string, Invoice>()
  for (const invoice of lists.flat()) if (!byId.has(invoice.id)) byId.set(invoice.id, invoice)
  return [...byId.values()].sort((a, b) => b.created - a.created)
}
