import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { distinctFreePorts, processRunner, WEB, WORKER } from '../support/processes'

/** These tests run the real entry points as separate processes, as `npm start` would. */
const run = processRunner(() => ({ DATABASE_URL: '' }))

/** A page request with a Host header of our choosing (fetch does not let a caller set Host). */
const getWithHost = (port: number, path: string, host: string) =>
  new Promise<number>((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, headers: { Host: host, Accept: 'text/html' } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
      .on('error', reject)
      .end()
  })

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// Real processes start in seconds on an idle machine and many more on a busy one: the bound is generous, never a speed test.
describe('the web process', { timeout: 180_000 }, () => {
  it('starts on an embedded database, says which mode each part is in, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pieces-start-'))
    const [port, previewPort] = await distinctFreePorts(2)
    // The product's default browser priority (the other tests run it at 0): on this machine's kind, a CPU cgroup (issue 27.4).
    const web = run(WEB, { DATA_DIR: dataDir, PORT: String(port), PREVIEW_PORT: String(previewPort), BROWSER_NICE: '10' })
    await web.waitFor(/Pieces is ready/)
    for (const line of [
      /generations: up to 64 at once; browser checks and screenshots: \d+ at once/,
      /browser priority: CPU cgroup \S*pieces-browser-\d+ with cpu\.shares 110 \(1024 for a process at nice 0\), and nice 10/,
      /database: embedded PostgreSQL at 127\.0\.0\.1:\d+/,
      /AI: offline generator/,
      /billing: local provider/,
      /Google sign-in: off/,
      /images: local directory .*\/images \(S3_BUCKET unset\)/,
      /preview origins: each Piece at http:\/\/p\{id\}\.localhost:\d+/,
      /workers: running inside the web process/,
    ]) {
      expect(web.output()).toMatch(line)
    }
    expect((await fetch(`http://127.0.0.1:${port}/landing`)).status).toBe(200)
    expect(web.output()).not.toMatch(/previews are framed only by/)
    // A local-network address gets previews of its own (issue 14.1); an address previews cannot be framed from is said once in the log.
    expect(await getWithHost(port, '/landing', `192.168.1.5:${port}`)).toBe(200)
    for (let visit = 0; visit < 2; visit += 1) expect(await getWithHost(port, '/landing', `pieces.example.com:${port}`)).toBe(200)
    await web.waitFor(
      /"msg":"opened at http:\/\/pieces\.example\.com:\d+, but previews are framed only by http:\/\/localhost:\d+ and http:\/\/127\.0\.0\.1:\d+: open Pieces at http:\/\/localhost:\d+/,
    )
    expect(web.output().match(/previews are framed only by/g)).toHaveLength(1)
    const postgresPid = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0])
    expect(alive(postgresPid)).toBe(true)

    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
    expect(alive(postgresPid)).toBe(false)
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true)

    const again = run(WEB, { DATA_DIR: dataDir, PORT: String(port), PREVIEW_PORT: String(previewPort) })
    await again.waitFor(/Pieces is ready/)
    expect(again.output()).not.toMatch(/applied \d+ migration/)
    again.child.kill('SIGTERM')
    expect(await again.exited).toBe(0)
  }, 120_000)

  it('runs workers in a process of their own when WORKERS=off', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pieces-workers-'))
    const [port, previewPort] = await distinctFreePorts(2)
    const web = run(WEB, { DATA_DIR: dataDir, PORT: String(port), PREVIEW_PORT: String(previewPort), WORKERS: 'off' })
    await web.waitFor(/Pieces is ready/)
    expect(web.output()).toMatch(/workers: off in this process/)
    const worker = run(WORKER, { DATA_DIR: dataDir })
    await worker.waitFor(/workers running/)
    worker.child.kill('SIGTERM')
    expect(await worker.exited).toBe(0)
    web.child.kill('SIGTERM')
    expect(await web.exited).toBe(0)
  }, 120_000)

  it('refuses a bad setting and names the variable', async () => {
    const web = run(WEB, { PORT: 'eighty' })
    expect(await web.exited).toBe(1)
    expect(web.output()).toMatch(/PORT/)
    expect(web.output()).not.toMatch(/at .*\.ts:\d+/)
  }, 60_000)
})
