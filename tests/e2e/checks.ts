import type { Page } from '@playwright/test'
import type { CheckStep } from '../../app/checks/schema'
import { expect, saveCode, signIn } from './fixtures'

/** Issue 31: what the checks' end-to-end tests share. */

/** Press + twice, then the count (`#count`) reads 2. */
export const PLUS_RAISES: CheckStep[] = [
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'click', target: { by: 'role', role: 'button', name: '+' } },
  { action: 'expect-text', target: { by: 'id', id: 'count' }, text: '2' },
]

/** A signed-in owner's new Piece (with `code` saved, when given); answers its name and id. */
export async function ownPiece(page: Page, prefix: string, code?: string) {
  await signIn(page)
  const name = `${prefix}_${Math.random().toString(36).slice(2, 9)}`
  const created = await page.request.post('/api/private/pieces', { data: { name, visibility: 'public' } })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  if (code !== undefined) await saveCode(page, name, code)
  return { name, id }
}

/** Saves a check over the API. */
export async function addCheck(page: Page, pieceId: number, name: string, steps: CheckStep[]) {
  const saved = await page.request.post(`/api/private/pieces/${pieceId}/checks`, { data: { name, steps } })
  expect(saved.status(), await saved.text()).toBe(201)
}

/** Waits until the Piece's first check has a result (a saved check runs in the worker on the version shown). */
export async function firstCheckResult(page: Page, pieceId: number, status: string) {
  await expect
    .poll(
      async () => {
        const listed = (await (await page.request.get(`/api/private/pieces/${pieceId}/checks`)).json()) as { data: { lastResult: { status: string } | null }[] }
        return listed.data[0]?.lastResult?.status ?? null
      },
      { timeout: 180_000 },
    )
    .toBe(status)
}
