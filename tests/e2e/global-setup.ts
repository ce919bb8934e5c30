import { existsSync } from 'node:fs'

/** A missing browser is a failure with instructions, never a silent skip. */
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium was not found at ${chromium}. Install it with: apt-get update && apt-get install -y chromium ` +
        '(or set CHROMIUM_PATH). End-to-end tests cannot run without it.',
    )
  }
}
