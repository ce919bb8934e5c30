import { describe, expect, it } from 'vitest'
import type { Invoice } from '~/billing/provider.server'
import { invoiceRow, mergeInvoices } from './invoices'

const invoice = (id: string, created: number, changes: Partial<Invoice> = {}): Invoice => ({
  id,
  created,
  description: null,
  status: 'paid',
  amount_paid: 2000,
  total: 2000,
  invoice_pdf: null,
  ...changes,
})

describe('billing history rows', () => {
  it('shows a paid invoice by what was paid, another by its total, in dollars from cents', () => {
    expect(invoiceRow(invoice('in_1', Date.UTC(2026, 10, 23) / 1000, { amount_paid: 2150, total: 9999 }))).toEqual({
      id: 'in_1',
      date: '23 Nov 2026',
      description: 'Subscription payment',
      amount: '$21.50',
      paid: true,
      pdf: null,
    })
    const open = invoiceRow(invoice('in_2', 0, { status: 'open', amount_paid: 0, total: 123456, description: 'PLUS, usage', invoice_pdf: 'https://x/pdf' }))
    expect(open).toMatchObject({ amount: '$1,234.56', paid: false, description: 'PLUS, usage', pdf: 'https://x/pdf' })
    expect(invoiceRow(invoice('in_3', 0, { status: null, description: '  ' }))).toMatchObject({ paid: false, description: 'Subscription payment' })
  })

  it('merges pages newest first, each invoice once', () => {
    const [a, b, c, d] = [invoice('a', 40), invoice('b', 30), invoice('c', 20), invoice('d', 10)]
    expect(mergeInvoices([a, b], [b, c], [d]).map((row) => row.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(mergeInvoices([b, c], [a, d]).map((row) => row.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(mergeInvoices([], [])).toEqual([])
  })
})
