import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

/**
 * One headless Chromium per worker process, shared by the jobs that render Pieces
 * (screenshots; verification builds on it). Launched on first use, relaunched when it
 * crashed, closed with the process. Each use gets a fresh context (no cookies, storage or
 * cache from another Piece) and a hard time limit: a Piece that loops forever, opens
 * dialogs or never settles costs at most that long, and a browser that no longer answers
 * is thrown away. Without Chromium the callers hear `unavailable` and say so once.
 */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
]

export class BrowserUnavailable extends Error {}
export class RenderTimeout extends Error {}

let launching: Promise<Browser> | null = null
let warned = false

export function chromiumPath(): string | null {
  const configured = process.env.CHROMIUM_PATH
  if (configured) return existsSync(configured) ? configured : null
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null
}

async function browser(): Promise<Browser> {
  if (!launching) {
    const executablePath = chromiumPath()
    if (!executablePath) {
      if (!warned)
        console.warn('[browser] no Chromium found (set CHROMIUM_PATH or install chromium): screenshots keep their placeholder and generations are not checked')
      warned = true
      throw new BrowserUnavailable('no Chromium')
    }
    launching = chromium.launch({ executablePath, args: ARGS, timeout: 30_000 }).then((launched) => {
      launched.on('disconnected', () => {
        launching = null
      })
      return launched
    })
    launching.catch(() => (launching = null))
  }
  return launching
}

/** Closes the shared browser (on shutdown, or after it stopped answering). */
export async function closeBrowser() {
  const current = launching
  launching = null
  spares.clear()
  if (current) await (await current.catch(() => null))?.close().catch(() => {})
}

type Fresh = { context: BrowserContext; page: Page }
/**
 * A fresh context and page made ahead of their use, by viewport: starting a page's
 * renderer is most of a short check's time (issue 13.1), so a caller that asks for
 * `spare` has the next one made while nothing waits for it. Never used twice.
 */
const spares = new Map<string, Promise<Fresh | null>>()
const sizeKey = (size: { width: number; height: number }) => `${size.width}x${size.height}`

async function fresh(size: { width: number; height: number }): Promise<Fresh> {
  const context = await (await browser()).newContext({ viewport: size, serviceWorkers: 'block' })
  try {
    const page = await context.newPage()
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => {}))
    return { context, page }
  } catch (error) {
    await context.close().catch(() => {})
    throw error
  }
}

/** Makes the next fresh page for this viewport in the background (a browser that cannot start is heard about on use). */
export function prepareSpare(size: { width: number; height: number }) {
  if (spares.has(sizeKey(size))) return
  spares.set(
    sizeKey(size),
    fresh(size).catch(() => null),
  )
}

async function take(size: { width: number; height: number }): Promise<Fresh> {
  const spare = await spares.get(sizeKey(size))
  spares.delete(sizeKey(size))
  if (spare && spare.context.browser()?.isConnected() && !spare.page.isClosed()) return spare
  return fresh(size)
}

/**
 * Runs `use` on a new page of a fresh context, within `timeoutMs`. Dialogs are dismissed as
 * they open. The context is closed afterwards without holding up the answer (and the
 * browser with it, if it will not close it). With `spare`, the next page of this size is
 * made ready once this one is closed.
 */
export async function withPage<T>(options: { width: number; height: number; timeoutMs: number; spare?: boolean }, use: (page: Page) => Promise<T>): Promise<T> {
  const size = { width: options.width, height: options.height }
  const { context, page } = await take(size)
  let timer: NodeJS.Timeout | undefined
  try {
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout(`no result within ${options.timeoutMs} ms`)), options.timeoutMs)
    })
    return await Promise.race([use(page), limit])
  } finally {
    clearTimeout(timer)
    // Closed while the caller goes on (closing costs a renderer's shutdown, which nobody waits for).
    void closeOrDrop(context).then(() => options.spare && prepareSpare(size))
  }
}

/** Closes a used context; a browser that will not close it within 5 s is thrown away. */
async function closeOrDrop(context: BrowserContext) {
  const closed = await Promise.race([
    context.close().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000).unref()),
  ])
  if (!closed) await closeBrowser()
}
