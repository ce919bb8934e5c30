import { afterAll, inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.SESSION_SECRET ??= 'integration-tests-secret-0123456789abcdef'
process.env.NODE_ENV = 'test'

afterAll(async () => {
  const { sql } = await import('../../app/lib/db.server')
  await sql.end({ timeout: 5 })
  ;(globalThis as { __pieces?: Map<string, unknown> }).__pieces?.delete('sql')
})
