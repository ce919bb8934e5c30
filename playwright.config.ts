import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210)
const baseURL = `http://localhost:${E2E_PORT}`

/** Debian's whole Chromium (`chromium`): the browser people use, for what only it does (third-party cookie rules). */
export const FULL_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * The tests' browser: Debian's `chromium-headless-shell` when it is installed (.ci/run installs
 * it), the same Chromium without the whole browser around the page. On two cores the tests'
 * own browsers took nine tenths of the CPU of an end-to-end run; the shell does the same tests
 * with half of it (docs/testing.md). Else the whole Chromium.
 */
export const TEST_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH ??
  (!process.env.CHROMIUM_PATH && existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : FULL_CHROMIUM_PATH)

export const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Pieces are framed from other sites (docs/decisions/0014); with site isolation each such
      // frame is a process of its own, which Playwright sometimes fails to attach to on a busy
      // machine. Origins, storage and cookies stay separated either way.
      '--disable-site-isolation-trials',
    ],
  },
}

/**
 * Three projects: the browser with JavaScript, the browser without it (every form must
 * work there), and a plain API client. The product is served as `npm start` serves it,
 * on a fresh database.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // One output folder per port, so runs on different ports never clear each other's traces.
  outputDir: `test-results/port-${E2E_PORT}`,
  globalSetup: './tests/e2e/global-setup.ts',
  // Every test makes its own users and Pieces and steers only its own model answers, so tests
  // run side by side, spread one by one over the workers (no worker idles behind a long file).
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  // Bounds, not waits: a passing test never sits them out; a busy machine needs the room.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // A trace records every action with screenshots: CPU the tests share. Its files stay on the CI machine, where
  // no one reads them, so CI runs without (a failure still prints its page as an accessibility tree).
  use: { baseURL, trace: process.env.CI ? 'off' : 'retain-on-failure' },
  projects: [
    { name: 'js', testMatch: /.*\.spec\.ts$/, testIgnore: /(api|nojs|mobile)\.spec\.ts$/, use: { ...CHROMIUM } },
    { name: 'no-js', testMatch: /.*\.(both|nojs)\.spec\.ts$/, use: { ...CHROMIUM, javaScriptEnabled: false } },
    { name: 'api', testMatch: /.*\.api\.spec\.ts$/ },
    // Issue 14: the main flows on a 390 px touch screen, where nothing may scroll sideways.
    { name: 'mobile', testMatch: /.*\.mobile\.spec\.ts$/, use: { ...CHROMIUM, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/serve.ts',
    // A line per request would bury the report; warnings and errors still show.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
})
