import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import express from 'express'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, expect } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { issueToken } from '../../app/accounts/tokens.server'
import { sql } from '../../app/lib/db.server'
import * as webhookRoute from '../../app/routes/api/api.webhooks.stripe'
import { startBillingWorkers } from '../../jobs/billing'
import { startBoss } from '../../runtime/boss'
import { remixHandler } from '../../server/remix'
import { startStripeFake, type Catalog, type StripeFake } from '../fakes/stripe'
import * as userUsage from '../../app/routes/api/api.private.user-usage'
import * as meteredSub from '../../app/routes/api/api.private.users.metered-sub'
import * as sub from '../../app/routes/api/api.private.users.sub'
import { call, ROUTE_CONTEXT } from './routes'
import { resetEnv } from '../../app/lib/env.server'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

export const WEBHOOK_SECRET = 'whsec_integration_tests'

/** Sets billing variables for this test file and makes the next `getEnv()` read them. */
export function setBillingEnv(values: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  resetEnv()
}

const BILLING_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_URL', 'BILLING_PROVIDER', 'APP_ORIGIN']

/**
 * The webhook route behind the real Express → Remix adapter (server/remix.ts), with a
 * build holding only that route: deliveries reach it as bytes on a socket, as in production.
 */
async function startWebhookServer() {
  const build = {
    mode: 'production',
    entry: { module: { default: () => new Response('Not found', { status: 404 }) } },
    routes: {
      root: { id: 'root', path: '', module: {} },
      'routes/api/api.webhooks.stripe': { id: 'routes/api/api.webhooks.stripe', parentId: 'root', path: 'api/webhooks/stripe', module: webhookRoute },
    },
    assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v3_singleFetch: true },
    isSpaMode: false,
    basename: '/',
  } as unknown as ServerBuild
  const app = express()
  app.all('*', remixHandler({ build, mode: 'production', maxBodyBytes: 1024 * 1024, getLoadContext: () => ROUTE_CONTEXT satisfies AppLoadContext }))
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/**
 * Billing for a test file: pg-boss with the billing workers, and for `stripe` the Stripe
 * fake (the real SDK talks to it) delivering signed webhooks through the real adapter.
 */
export function useBilling(provider: 'stripe' | 'local', { catalog }: { catalog?: Catalog } = {}) {
  let fake: StripeFake | undefined
  let webhooks: Awaited<ReturnType<typeof startWebhookServer>> | undefined
  let boss: PgBoss
  let stopWorkers: () => Promise<void>
  const saved = Object.fromEntries(BILLING_VARIABLES.map((key) => [key, process.env[key]]))
  beforeAll(async () => {
    if (provider === 'stripe') {
      webhooks = await startWebhookServer()
      fake = await startStripeFake({ webhookSecret: WEBHOOK_SECRET, webhookUrl: webhooks.url, catalog })
      setBillingEnv({ STRIPE_SECRET_KEY: 'sk_test_integration', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url, BILLING_PROVIDER: undefined })
    } else {
      setBillingEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, STRIPE_API_URL: undefined })
    }
    boss = await startBoss(process.env.DATABASE_URL!)
    stopWorkers = await startBillingWorkers(boss)
  })
  afterAll(async () => {
    await stopWorkers?.()
    await boss?.stop({ graceful: true, wait: true, timeout: 5_000 })
    forgetProcessBoss()
    await fake?.close()
    await webhooks?.close()
    setBillingEnv(saved)
  })
  return {
    fake: () =>
      fake ??
      (() => {
        throw new Error('useBilling("stripe") starts the fake')
      })(),
    webhookUrl: () => webhooks!.url,
  }
}

export type TestUser = { id: number; email: string; uid: string; auth: Record<string, string> }

export async function newUser(label = 'billing'): Promise<TestUser> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
  const created = await registerWithPassword(email, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  const { token } = await issueToken(created.userId)
  const [row] = await sql<{ uid: string }[]>`select uid from users where id = ${created.userId}`
  return { id: created.userId, email, uid: row!.uid, auth: { Authorization: `Bearer ${token}` } }
}

/** Waits until `check` passes: a state the test caused (a webhook's job), not a span of time. */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => void, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    try {
      check(value)
      return value
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
  }
}

export async function subscriptionRow(userId: number) {
  const [row] = await sql<
    { status: string; cancelAt: number | null; providerStatus: string | null; subscriptionId: string | null; meteredItemId: string | null }[]
  >`
    select status, extract(epoch from cancel_at)::bigint::int as "cancelAt", provider_status as "providerStatus",
           subscription_id as "subscriptionId", metered_item_id as "meteredItemId"
    from subscriptions where user_id = ${userId}`
  return row ?? null
}

/** Waits for the user's subscription to reach `status`. */
export const statusBecomes = (userId: number, status: string) =>
  eventually(
    () => subscriptionRow(userId),
    (row) => expect(row?.status).toBe(status),
  )

/** Every billing event's job has run. */
export const eventsSettled = () =>
  eventually(
    () => sql<{ n: number }[]>`select count(*)::int as n from billing_events where processed_at is null`,
    ([row]) => expect(row!.n).toBe(0),
  )

/** A signed-in browser session for page routes: the user gets a username (onboarded) and a session cookie. */
export async function sessionCookieFor(user: TestUser) {
  const { createSession } = await import('../../app/accounts/session.server')
  await sql`update users set username = ${`u${user.id}_${Math.random().toString(36).slice(2, 8)}`} where id = ${user.id}`
  return (await createSession(user.id)).split(';')[0]!
}

/** A PLUS subscriber (checkout completed at the Stripe fake) with usage-based pricing on and a $20 monthly limit, with their customer id. */
export async function usageBasedSubscriber(fake: StripeFake, label = 'usage') {
  const user = await newUser(label)
  const { body } = await call(sub, 'POST', '/api/private/users/sub?returnURL=settings', user.auth)
  await fake.completeCheckout(body.url.split('/').pop())
  await statusBecomes(user.id, 'active')
  await eventsSettled()
  expect((await call(meteredSub, 'POST', '/api/private/users/metered-sub', user.auth)).status).toBe(200)
  expect((await call(userUsage, 'PATCH', '/api/private/user-usage', user.auth, { priceCap: 20 })).status).toBe(200)
  const [row] = await sql<{ customerId: string }[]>`select customer_id as "customerId" from billing_customers where user_id = ${user.id}`
  return { ...user, customerId: row!.customerId }
}
