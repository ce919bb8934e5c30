import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, inject } from 'vitest'
import { cloneTestDatabase } from '../support/database'

// Each file works on a copy of the run's migrated database: what one file leaves queued is
// never run by the next file's workers.
const database = await cloneTestDatabase(inject('databaseUrl'))
process.env.DATABASE_URL = database.url
process.env.SESSION_SECRET ??= 'integration-tests-secret-0123456789abcdef'
process.env.NODE_ENV = 'test'
// Images go to the local object store; each file gets a directory of its own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'pieces-it-'))
process.env.DATA_DIR = dataDir
// The checks and screenshots these tests wait for run beside other test files and processes on
// the same cores, none of them requests to put first: Chromium at the worker's own priority
// (tests/integration/browser.test.ts covers the default, decision 0035).
process.env.BROWSER_NICE ??= '0'

afterAll(async () => {
  const { closePool } = await import('../../app/lib/db.server')
  await closePool()
  await database.drop()
  rmSync(dataDir, { recursive: true, force: true })
})
