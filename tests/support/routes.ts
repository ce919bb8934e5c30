import type { AppLoadContext } from '@remix-run/node'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll } from 'vitest'
import { startBoss } from '../../jobs/boss'
import { startGenerateWorker } from '../../jobs/generate'
import { startOpenAIFake, type OpenAIFake } from '../fakes/openai'

/** A route module's loader or action, called the way Remix calls it. */
export type RouteHandler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown

export const ROUTE_CONTEXT = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext

/** POSTs JSON to a route handler as a bearer client would. */
export const postJson = (handler: RouteHandler, path: string, auth: Record<string, string>, body: unknown) =>
  handler({
    request: new Request(`http://localhost${path}`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    context: ROUTE_CONTEXT,
    params: {},
  }) as Promise<Response>

/** The Response a loader or action throws (a redirect, a 404), for tests that expect one. */
export async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown response')
}

const store = () => (globalThis as { __pieces?: Map<string, unknown> }).__pieces

/**
 * A real generate worker (pg-boss) for the test file, with the OpenAI fake as the model
 * server when `model` is set (the offline generator otherwise). Returns the fake's getter.
 */
export function useGenerateWorker({ model }: { model: boolean }) {
  let fake: OpenAIFake | undefined
  let boss: PgBoss
  let stopWorker: () => Promise<void>
  beforeAll(async () => {
    if (model) {
      fake = await startOpenAIFake()
      Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL })
      store()?.delete('env')
    }
    boss = await startBoss(process.env.DATABASE_URL!)
    stopWorker = await startGenerateWorker(boss)
  })
  afterAll(async () => {
    await stopWorker()
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
    store()?.delete('boss')
    if (!fake) return
    delete process.env.OPENAI_API_KEY
    delete process.env.OPENAI_BASE_URL
    store()?.delete('env')
    await fake.close()
  })
  return () => {
    if (!fake) throw new Error('useGenerateWorker({ model: true }) starts the fake')
    return fake
  }
}
