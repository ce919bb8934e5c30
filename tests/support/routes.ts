import type { AppLoadContext } from '@remix-run/node'
import { firstError, type FormReply } from '../../app/lib/form-reply'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll } from 'vitest'
import { startBoss } from '../../runtime/boss'
import { startGenerateWorker } from '../../jobs/generate'
import { startOpenAIFake, type OpenAIFake } from '../fakes/openai'
import { resetEnv } from '../../app/lib/env.server'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

/** A route module's loader or action, called the way Remix calls it. */
export type RouteHandler = (args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown

export const ROUTE_CONTEXT = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext

/** A route module's two handlers, as the route-call helpers take them. */
export type RouteModule = { loader?: unknown; action?: unknown }

/** Sends `body` as JSON to a route handler the way a bearer API client would; answers its Response. */
export function requestRoute(
  handler: RouteHandler,
  method: string,
  path: string,
  auth: Record<string, string> = {},
  body?: unknown,
  params: Record<string, string> = {},
) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return handler({ request, context: ROUTE_CONTEXT, params }) as Promise<Response>
}

/** POSTs JSON to a route handler as a bearer client would. */
export const postJson = (handler: RouteHandler, path: string, auth: Record<string, string>, body: unknown) => requestRoute(handler, 'POST', path, auth, body)

/** Calls a JSON route module (its loader for GET, else its action); answers the status and the parsed body. */
export async function call(
  route: RouteModule,
  method: string,
  path: string,
  auth: Record<string, string> = {},
  body?: unknown,
  params: Record<string, string> = {},
) {
  const response = await requestRoute((method === 'GET' ? route.loader : route.action) as RouteHandler, method, path, auth, body, params)
  return { status: response.status, body: (await response.json()) as any }
}

/** The Response a loader or action throws (a redirect, a 404), for tests that expect one. */
export async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return error
    // `throw data(value, init)`: Remix answers it as a response of that status with the value.
    if (isThrownData(error)) return Response.json(error.data, error.init ?? undefined)
    throw error
  }
  throw new Error('expected a thrown response')
}

/**
 * A real generate worker (pg-boss) for the test file, with the OpenAI fake as the model
 * server when `model` is set (the offline generator otherwise), checking each result in
 * the system Chromium when `verify` is set. Returns the fake's getter.
 */
export function useGenerateWorker({ model, verify = false }: { model: boolean; verify?: boolean }) {
  let fake: OpenAIFake | undefined
  let boss: PgBoss
  let stopWorker: () => Promise<void>
  beforeAll(async () => {
    if (model) {
      fake = await startOpenAIFake()
      Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL })
      resetEnv()
    }
    boss = await startBoss(process.env.DATABASE_URL!)
    stopWorker = await startGenerateWorker(boss, { verify })
  })
  afterAll(async () => {
    await stopWorker()
    await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
    forgetProcessBoss()
    if (!fake) return
    delete process.env.OPENAI_API_KEY
    delete process.env.OPENAI_BASE_URL
    resetEnv()
    await fake.close()
  })
  return () => {
    if (!fake) throw new Error('useGenerateWorker({ model: true }) starts the fake')
    return fake
  }
}

const isThrownData = (error: unknown): error is { data: unknown; init: ResponseInit | null } =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'DataWithResponseInit'

/** A form action's answer to a fetcher (the form kit's reply in Remix's `data()` wrapper): its status and the reply. */
export async function formReply<Done = unknown>(answer: Promise<unknown> | unknown) {
  const { data, init } = (await answer) as { data: FormReply<Done>; init?: { status?: number } | null }
  return { status: init?.status ?? 200, body: data }
}

/**
 * A form action's refusal of a fetcher, as the page reads it: the status, the first error
 * (under a field or the form's), and the toast and payment dialog it shows when it has them.
 */
export async function formRefusal(answer: Promise<unknown> | unknown) {
  const { status, body } = await formReply(answer)
  if (body.ok) throw new Error(`expected a refusal, got ${JSON.stringify(body)}`)
  if (body.status !== status) throw new Error(`the reply says ${body.status}, its answer ${status}`)
  return { status, message: firstError(body.result), ...(body.toast && { toast: body.toast }), ...(body.upgrade && { upgrade: body.upgrade }) }
}
