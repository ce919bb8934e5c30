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
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
      try {
        await admin.unsafe(`drop database if exists "${name}" with (force)`)
      } finally {
        await admin.end()
      }
      await stopCluster()
    },
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
