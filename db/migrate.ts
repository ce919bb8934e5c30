import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Sql } from 'postgres'
import { MIGRATIONS_DIR } from '../runtime/paths'

/** Any constant works; it only has to be the same in every process that migrates. */
const MIGRATION_LOCK = 7_315_001

/**
 * Applies every not-yet-applied `db/migrations/*.sql` in name order, each in its own
 * transaction and recorded in `schema_migrations`. A session advisory lock makes
 * processes that start at the same moment wait for each other.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir)
  const applied: string[] = []
  const connection = await sql.reserve()
  try {
    // A migration, or the wait for another process's, may outlast the pool's statement timeout.
    await connection`set statement_timeout = 0`
    await connection`select pg_advisory_lock(${MIGRATION_LOCK})`
    await connection`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`
    const done = new Set((await connection<{ name: string }[]>`select name from schema_migrations`).map((row) => row.name))
    for (const name of files.filter((file) => !done.has(file))) {
      const body = await readFile(path.join(dir, name), 'utf8')
      await connection.unsafe('begin')
      try {
        await connection.unsafe(body)
        await connection`insert into schema_migrations (name) values (${name})`
        await connection.unsafe('commit')
      } catch (error) {
        await connection.unsafe('rollback')
        throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error })
      }
      applied.push(name)
    }
  } finally {
    await connection`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {})
    await connection`reset statement_timeout`.catch(() => {})
    connection.release()
  }
  return applied
}

const migrationFiles = async (dir: string) => (await readdir(dir)).filter((name) => name.endsWith('.sql')).sort()

/** Migrations on disk that the database has not recorded (a readiness check: /readyz). */
export async function pendingMigrations(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const [files, rows] = await Promise.all([migrationFiles(dir), sql<{ name: string }[]>`select name from schema_migrations`])
  const done = new Set(rows.map((row) => row.name))
  return files.filter((file) => !done.has(file))
}
