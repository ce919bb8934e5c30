import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabaseIfMissing } from '../../db/embedded'
import { migrate } from '../../db/migrate'
import { sql } from '../../app/lib/db.server'

const base = new URL(process.env.DATABASE_URL!)
const scratchName = `${base.pathname.slice(1)}_scratch`
const scratchUrl = Object.assign(new URL(base), { pathname: `/${scratchName}` }).toString()

afterAll(async () => {
  await sql.unsafe(`drop database if exists "${scratchName}" with (force)`)
})

describe('migrate', () => {
  it('has applied every migration and applies nothing the second time', async () => {
    const rows = await sql<{ name: string }[]>`select name from schema_migrations order by name`
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(['0001_foundation.sql', '0002_accounts.sql']))
    expect(await migrate(sql)).toEqual([])
  })

  it('lets two processes migrate at once and applies each file once', async () => {
    const adminUrl = Object.assign(new URL(base), { pathname: '/postgres' }).toString()
    await createDatabaseIfMissing(adminUrl, scratchName)
    const dir = await mkdtemp(path.join(tmpdir(), 'pieces-migrations-'))
    await writeFile(path.join(dir, '0001_a.sql'), 'create table probe (id int primary key);')
    await writeFile(path.join(dir, '0002_b.sql'), 'insert into probe values (1);')
    const first = postgres(scratchUrl, { max: 2, onnotice: () => {} })
    const second = postgres(scratchUrl, { max: 2, onnotice: () => {} })
    try {
      const [a, b] = await Promise.all([migrate(first, dir), migrate(second, dir)])
      expect([...a, ...b].sort()).toEqual(['0001_a.sql', '0002_b.sql'])
      expect(await first`select count(*)::int as n from probe`).toEqual([{ n: 1 }])
    } finally {
      await Promise.all([first.end(), second.end()])
    }
  })

  it('rolls back a failing migration and records nothing for it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pieces-migrations-'))
    await writeFile(path.join(dir, '0001_a.sql'), 'create table probe (id int primary key);')
    await writeFile(path.join(dir, '0002_b.sql'), 'insert into probe values (1);')
    await writeFile(path.join(dir, '0003_bad.sql'), 'create table half_done (id int); select * from no_such_table;')
    const client = postgres(scratchUrl, { max: 1, onnotice: () => {} })
    try {
      await expect(migrate(client, dir)).rejects.toThrow(/0003_bad.sql failed/)
      const [table] = await client`select to_regclass('half_done') as name`
      expect(table?.name).toBeNull()
      const names = await client<{ name: string }[]>`select name from schema_migrations order by name`
      expect(names.map((row) => row.name)).toEqual(['0001_a.sql', '0002_b.sql'])
    } finally {
      await client.end()
    }
  })
})
