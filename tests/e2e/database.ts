import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'

export const e2eDatabaseFile = (port: number) => path.join(tmpdir(), `pieces-e2e-database-${port}`)

/**
 * Gives an account the PLUS plan in the running product's database, as `npm run user --
 * set-plan <email> plus` would (billing, which will do this for real, is not built yet).
 */
export async function grantPlus(email: string) {
  const url = readFileSync(e2eDatabaseFile(Number(process.env.E2E_PORT ?? 3210)), 'utf8')
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await sql`
      insert into subscriptions (user_id, status, billing_cycle_anchor)
      select id, 'active', now() from users where lower(email) = lower(${email})
      on conflict (user_id) do update set status = 'active'`
  } finally {
    await sql.end()
  }
}
