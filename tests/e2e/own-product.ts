import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../../db/embedded'

export type OwnProduct = {
  /** `http://localhost:{port}` */
  base: string
  /** Everything the process printed so far. */
  output: () => string
  stop: () => Promise<void>
}

type Options = {
  /** What this instance is for, in its failure messages and its data folder's name. */
  label: string
  /** Its database (the e2e server's database server, a database of the test's own or a proxy to one). */
  databaseUrl: string
  /** Its own settings, over the defaults below. */
  env?: Record<string, string>
  /** Its port, when the test must know it first; any free one when not given. Previews get another free one. */
  port?: number
  /** Which of the test runner's variables it inherits (all by default). */
  inherits?: (name: string) => boolean
}

/**
 * A second instance of the product, as `npm start` serves it, for a test that needs settings
 * or a database of its own (rate limits, a Stripe key, a database it cuts off) without
 * touching the e2e server the other tests share. Resolves once it is ready; `stop` ends it
 * and removes its data.
 */
export async function startOwnProduct({ label, databaseUrl, env = {}, port, inherits = () => true }: Options): Promise<OwnProduct> {
  const appPort = port ?? (await freePort())
  let previewPort = await freePort()
  while (previewPort === appPort) previewPort = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), `pieces-e2e-${label}-`))
  // The compiled entry, not `npm start`: it serves the build this run made and never rebuilds it
  // under the e2e server the other tests share (a source edited mid-run once did, and broke them).
  const child = spawn(process.execPath, ['build/node/server.js'], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => inherits(name))),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PREVIEW_PORT: String(previewPort),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: `e2e-${label}-session-secret-0123456789abcdef`,
      DATA_DIR: dataDir,
      RATE_LIMIT_FORMS_PER_MINUTE: '1000',
      RATE_LIMIT_MUTATIONS_PER_MINUTE: '10000',
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const check = () => /Pieces is ready at/.test(output) && resolve()
      child.stdout.on('data', check)
      void exited.then(() => reject(new Error(`the ${label} instance exited:\n${output}`)))
    })
  } catch (error) {
    await stop()
    throw error
  }
  return { base: `http://localhost:${appPort}`, output: () => output, stop }
}
