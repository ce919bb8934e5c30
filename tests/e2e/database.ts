import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'

export const e2eDatabaseFile = (port: number) => path.join(tmpdir(), `pieces-e2e-database-${port}`)

async function withDatabase<T>(work: (sql: postgres.Sql) => Promise<T>) {
  const url = readFileSync(e2eDatabaseFile(Number(process.env.E2E_PORT ?? 3210)), 'utf8')
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end()
  }
}

/** Records `tokens` as used today by an account, as many finished generations would. */
export function spendTokens(email: string, tokens: number) {
  return withDatabase(
    (sql) => sql`
      insert into usage_days (user_id, day, tokens)
      select id, (now() at time zone 'America/New_York')::date, ${tokens} from users where lower(email) = lower(${email})
      on conflict (user_id, day) do update set tokens = usage_days.tokens + excluded.tokens`,
  )
}

/**
 * Gives an account the PLUS plan in the running product's database, as `npm run user --
 * set-plan <email> plus` would (billing, which will do this for real, is not built yet).
 */
export function grantPlus(email: string) {
  return withDatabase(
    (sql) => sql`
      insert into subscriptions (user_id, status, billing_cycle_anchor)
      select id, 'active', now() from users where lower(email) = lower(${email})
      on conflict (user_id) do update set status = 'active'`,
  )
}

/** Takes the PLUS plan away again, behind the back of a page that still shows it. */
export function revokePlus(email: string) {
  return withDatabase((sql) => sql`delete from subscriptions where user_id = (select id from users where lower(email) = lower(${email}))`)
}

/** Marks a Piece as generating, as a running generation does (renaming then waits, spec 1 §8). */
export function markGenerating(name: string) {
  return withDatabase((sql) => sql`update pieces set generation_started_at = now() where name = ${name}`)
}

const localCustomer = (sql: postgres.Sql, email: string) =>
  sql`select customer_id from billing_customers where provider = 'local' and user_id = (select id from users where lower(email) = lower(${email}))`

/**
 * Earlier invoices of an account's local subscription, as past months' renewals leave them:
 * `count` of them, a day apart and before any existing one, the oldest first; `pending` of
 * the newest are still open (not paid).
 */
export function addInvoices(email: string, count: number, { pending = 0 } = {}) {
  return withDatabase(
    (sql) => sql`
      insert into local_billing_invoices (id, customer_id, subscription_id, status, amount_paid, total, created_at)
      select 'lin_e2e_' || md5(random()::text), s.customer_id, s.id,
             case when n > ${count - pending} then 'open' else 'paid' end,
             case when n > ${count - pending} then 0 else 2000 + n end, 2000 + n,
             now() - interval '1 day' * (${count} + 1 - n)
      from local_billing_subscriptions s, generate_series(1, ${count}) n
      where s.customer_id = (${localCustomer(sql, email)})`,
  )
}

/** Removes an account's invoices behind the back of a page that shows them. */
export function deleteInvoices(email: string) {
  return withDatabase((sql) => sql`delete from local_billing_invoices where customer_id = (${localCustomer(sql, email)})`)
}

/** What the cancel dialog stored about why an account left. */
export function cancellationFeedback(email: string) {
  return withDatabase(
    (sql) => sql<{ category: string; text: string | null }[]>`
      select category, text from subscription_feedback
      where user_id = (select id from users where lower(email) = lower(${email})) order by id`,
  )
}

/**
 * Records a PLUS day spent past its allowance: `billable` tokens over `allowance`, all of
 * them billable this month, as usage-based generations would.
 */
export function spendBillableTokens(email: string, allowance: number, billable: number) {
  return withDatabase(
    (sql) => sql`
      insert into usage_days (user_id, day, tokens, billable_tokens)
      select id, (now() at time zone 'America/New_York')::date, ${allowance + billable}, ${billable} from users where lower(email) = lower(${email})
      on conflict (user_id, day) do update set tokens = excluded.tokens, billable_tokens = excluded.billable_tokens`,
  )
}

/**
 * Records an exchange the offline builder answered instead of building (its page left as
 * it was), as a send without a model server does; the e2e server builds with the OpenAI
 * fake, so no send can make one there.
 */
export function recordAnsweredExchange(pieceName: string, message: string, answer: string) {
  return withDatabase(
    (sql) => sql`
      update pieces set draft = jsonb_build_object(
        'currentInput', '', 'currentAttachments', '[]'::jsonb, 'historyIndex', 0,
        'exchangeHistory', jsonb_build_array(jsonb_build_object(
          'userMessage', jsonb_build_object('role', 'user', 'content', ${message}::text, 'attachments', '[]'::jsonb),
          'assistantMessage', jsonb_build_object('role', 'assistant', 'content', code, 'attachments', '[]'::jsonb, 'answer', ${answer}::text),
          'tokensUsed', 0)))
      where name = ${pieceName}`,
  )
}
