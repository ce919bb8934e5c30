import { spawn } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { distinctFreePorts } from '../support/processes'

/**
 * `npm run dev` runs the product's TypeScript with tsx, outside Vite's builds: the scripts that
 * run inside a Piece's frame (`virtual:frame-script/…`) reach it through the module hooks in
 * scripts/frame-scripts-hooks.mjs. Without them the process stopped at its first import of one.
 */
let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase('dev_server')
})
afterAll(async () => {
  await database.drop()
})

// A real process starts in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('npm run dev', { timeout: 180_000 }, () => {
  it('starts with the frame scripts and serves a page', async () => {
    const [port, previewPort] = await distinctFreePorts(2)
    const dev = spawn('npm', ['run', '--silent', 'dev'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        PREVIEW_PORT: String(previewPort),
        HOST: '127.0.0.1',
        WORKERS: 'off',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => dev.on('exit', resolve))
    try {
      await Promise.race([
        new Promise<void>((resolve) => {
          const ready = () => (/Pieces is ready/.test(output) ? resolve() : setTimeout(ready, 100))
          ready()
        }),
        exited.then((code) => {
          throw new Error(`npm run dev ended (${code}):\n${output}`)
        }),
      ])
      const landing = await fetch(`http://127.0.0.1:${port}/landing`)
      expect(landing.status, output).toBe(200)
      expect(output).not.toMatch(/ERR_UNSUPPORTED_ESM_URL_SCHEME|"level":"fatal"/)
    } finally {
      if (dev.pid) process.kill(-dev.pid, 'SIGTERM')
      await exited
    }
  })
})
