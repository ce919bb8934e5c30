import type { Page } from '@playwright/test'
import type { Steer } from '../fakes/openai'
import { expect } from './fixtures'

/** The OpenAI fake that serve.ts starts next to the product (port + 2). */
const FAKE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3210) + 2}`
const steerings: string[] = []

/**
 * Steers the fake's answers to this test's own requests (those whose messages hold every
 * `match` text): holds them at a point until released, answers an error instead, or plays
 * another fault of a model server (tests/fakes/openai.ts).
 */
export async function steer(page: Page, steering: Steer & { match: string[] }) {
  const { id } = (await (await page.request.post(`${FAKE}/__fake/steer`, { data: steering })).json()) as { id: string }
  steerings.push(id)
  return {
    held: async () => expect((await page.request.get(`${FAKE}/__fake/steer/${id}/held`, { timeout: 35_000 })).ok()).toBe(true),
    release: () => page.request.post(`${FAKE}/__fake/steer/${id}/release`),
  }
}

/** Ends this test's steerings (call from `test.afterEach`). */
export async function endSteerings(page: Page) {
  for (const id of steerings.splice(0)) await page.request.delete(`${FAKE}/__fake/steer/${id}`)
}

/**
 * Holds the model's answer to the first step of a build of `message` after its first chunk.
 * The message must be this test's own (see `ownMessage`), or a copy of the test running
 * beside it would be held instead.
 */
export const holdFirstStep = (page: Page, message: string) => steer(page, { match: [`Request: ${message}`, 'Step 1 of'], hold: 'first-chunk' })

/** A message no other test, nor another run of this one, sends. */
export const ownMessage = (text: string) => `${text} ${Math.random().toString(36).slice(2, 8)}`
