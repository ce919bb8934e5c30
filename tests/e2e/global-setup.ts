import { existsSync } from 'node:fs'
import { FULL_CHROMIUM_PATH, TEST_CHROMIUM_PATH } from '../../playwright.config'

/** A missing browser is a failure with instructions, never a silent skip. */
export default function globalSetup() {
  for (const chromium of new Set([TEST_CHROMIUM_PATH, FULL_CHROMIUM_PATH])) {
    if (existsSync(chromium)) continue
    throw new Error(
      `Chromium was not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH). End-to-end tests cannot run without it.',
    )
  }
}
