import { defineConfig } from '@playwright/test'
import base from './playwright.config'

/**
 * `npm run screenshots` (issue 14): every main screen at 1280 and 390 px, light and dark,
 * signed out and in, with and without JavaScript, into test-results/screens/{project}/.
 * Served like the end-to-end run (its own port), so it never touches the suite's database.
 */
const chromium = base.projects!.find((project) => project.name === 'js')!.use!
const projects = [
  { name: '1280-light', width: 1280, height: 800, theme: 'light', js: true },
  { name: '1280-dark', width: 1280, height: 800, theme: 'dark', js: true },
  { name: '390-light', width: 390, height: 844, theme: 'light', js: true },
  { name: '390-dark', width: 390, height: 844, theme: 'dark', js: true },
  { name: '1280-dark-nojs', width: 1280, height: 800, theme: 'dark', js: false },
  { name: '390-light-nojs', width: 390, height: 844, theme: 'light', js: false },
] as const

export default defineConfig({
  ...base,
  testDir: 'tests/screens',
  outputDir: 'test-results/screens-runs',
  timeout: 120_000,
  reporter: [['list']],
  projects: projects.map(({ name, width, height, theme, js }) => ({
    name,
    use: { ...chromium, viewport: { width, height }, isMobile: width < 768, hasTouch: width < 768, javaScriptEnabled: js, colorScheme: theme },
    metadata: { theme },
  })),
})
