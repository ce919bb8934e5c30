import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { frameScripts } from './scripts/frame-scripts'

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time: each integration file works on a database of its own and free
    // ports, and a file waits on the database, its processes and browsers for much of its time.
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    minWorkers: 1,
    projects: [
      {
        plugins: [frameScripts()],
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'jobs/**/*.test.ts', 'db/**/*.test.ts', 'tests/fakes/**/*.test.ts'],
          environment: 'node',
          // Warnings and errors only: the code under test runs in the test process.
          env: { LOG_LEVEL: 'warn' },
          setupFiles: ['tests/support/error-guard.ts'],
          // Image and password work is CPU-bound: a busy machine is slow, not wrong.
          testTimeout: 20000,
        },
      },
      {
        plugins: [frameScripts()],
        resolve: { alias },
        test: {
          name: 'integration',
          // tests/security: attacks on the running product (`npm run test:security`, docs/decisions/0013).
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          env: { LOG_LEVEL: 'warn' },
          setupFiles: ['tests/support/error-guard.ts', 'tests/integration/setup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
})
