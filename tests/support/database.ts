import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { createDatabaseIfMissing, startEmbeddedCluster } from '../../db/embedded'
import { migrate } from '../../db/migrate'

export type TestDatabase = { url: string; drop: () => Promise<void> }

/**
 * A fresh, migrated database for one test run: on the server of `DATABASE_URL` when it is
 * set, otherwise on an embedded cluster kept in `.data-test/`.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `pieces_${label}_${Date.now()}_${randomBytes(3).toString('hex')}`
  let adminUrl: string
  let stopCluster = async () => {}
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL)
    url.pathname = '/postgres'
    adminUrl = url.toString()
  } else {
    const embedded = await startEmbeddedCluster('.data-test')
    adminUrl = embedded.adminUrl
    stopCluster = embedded.stop
  }
  await dropStaleDatabases(adminUrl, label)
  await createDatabaseIfMissing(adminUrl, name)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  try {
    await migrate(sql)
  } finally {
    await sql.end()
  }
  return {
    url: url.toString(),
    drop: async () => {
      await asAdmin(adminUrl, `drop database if exists "${name}" with (force)`)
      await stopCluster()
    },
  }
}

/**
 * A database of its own for one test file, copied from `templateUrl` (a migrated database no
 * one is connected to): what one file leaves behind (a generation still queued, a job) is
 * never picked up by the next file's workers. Its name starts with the template's, so a run
 * killed before it could drop it is cleaned up with the template's label.
 */
export async function cloneTestDatabase(templateUrl: string): Promise<TestDatabase> {
  const url = new URL(templateUrl)
  const template = url.pathname.slice(1)
  const name = `${template}_${randomBytes(4).toString('hex')}`
  url.pathname = '/postgres'
  const adminUrl = url.toString()
  await asAdmin(adminUrl, `create database "${name}" template "${template}"`)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => asAdmin(adminUrl, `drop database if exists "${name}" with (force)`) }
}

/** One statement on the server's admin database, on a connection of its own. */
async function asAdmin(adminUrl: string, statement: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(statement)
  } finally {
    await admin.end()
  }
}

/** Databases of runs that were killed before they could drop their own. */
async function dropStaleDatabases(adminUrl: string, label: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`pieces\\_${label}\\_%`}`
    const cutoff = Date.now() - 2 * 60 * 60 * 1000
    for (const { datname } of rows) {
      const stamp = Number(datname.split('_')[2])
      if (Number.isFinite(stamp) && stamp < cutoff) await admin.unsafe(`drop database if exists "${datname}" with (force)`)
    }
  } finally {
    await admin.end()
  }
}
