import { mkdirSync, writeFileSync } from 'node:fs'
import { BrowserUnavailable, closeBrowser, withPage } from '../jobs/browser'
import { FOLLOW_UPS, judgeFollowUp, judgePrompt, kindAsked, PROMPTS, tryPage, type Step } from './offline-corpus'

/**
 * `npm run bench:offline`: the offline builder against its corpus (bench/offline-corpus.ts):
 * the share of prompts and follow-ups built as asked, then every page it made loaded in the
 * system Chromium, every button pressed, counting pages with uncaught errors or a blank body.
 */
const prompts = PROMPTS.map((item) => ({ label: item.prompt, works: 'works' in item ? item.works : undefined, ...judgePrompt(item) }))
const followUps = FOLLOW_UPS.map((item) => ({ label: `${item.base} → ${item.request}`, works: item.works, ...judgeFollowUp(item) }))
// Issue 26.4: a prompt answered with an app it did not ask for (another kind, or a page where an answer was due).
const anotherApp = PROMPTS.filter((item, index) => {
  const built = prompts[index]!.result
  return built.code !== '' && built.kind !== kindAsked(item)
})
const answersDue = [...PROMPTS.filter((item) => 'answer' in item), ...FOLLOW_UPS.filter((item) => item.answer)].length
const answeredHonestly = [
  ...prompts.filter((item, index) => 'answer' in PROMPTS[index]!),
  ...followUps.filter((item, index) => FOLLOW_UPS[index]!.answer),
].filter((item) => item.ok).length
const all = [...prompts, ...followUps]
const asked = all.filter((item) => item.ok).length
const share = Math.round((asked / all.length) * 1000) / 10
console.log(
  `Offline corpus: ${asked} / ${all.length} built as asked (${share}%): prompts ${prompts.filter((item) => item.ok).length} / ${prompts.length}, follow-ups ${followUps.filter((item) => item.ok).length} / ${followUps.length}`,
)
for (const item of all.filter((entry) => !entry.ok)) console.log(`  not as asked: ${item.label}: ${item.problems.join('; ')}`)
console.log(`Answered honestly: ${answeredHonestly} / ${answersDue} requests it cannot do; prompts answered with another app: ${anotherApp.length}`)
for (const item of anotherApp) console.log(`  another app: ${item.prompt}`)

/** Every distinct page the corpus made: the first builds and the edited pages. */
const pages = [...new Map(all.filter((item) => item.result.code).map((item) => [item.result.code, item.label])).entries()]
type Load = { label: string; errors: string[]; blank: boolean }
const loads: Load[] = []
let browser = true
const started = performance.now()
for (const [code, label] of pages) {
  try {
    loads.push(
      await withPage({ width: 1024, height: 768, timeoutMs: 15_000 }, async (page) => {
        const errors: string[] = []
        page.on('pageerror', (error) => errors.push(error.message))
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text())
        })
        await page.setContent(code, { waitUntil: 'load' })
        // Press every button (not Print, which opens a dialog), as a person trying the app would.
        const buttons = page.locator('button:not([data-action="print"]):visible:enabled')
        for (let index = 0; index < Math.min(await buttons.count(), 24); index += 1) {
          await buttons
            .nth(index)
            .click({ timeout: 500 })
            .catch(() => {})
        }
        const blank = await page.evaluate(() => !document.body || document.body.innerText.trim().length === 0)
        return { label, errors, blank }
      }),
    )
  } catch (error) {
    if (error instanceof BrowserUnavailable) {
      browser = false
      break
    }
    loads.push({ label, errors: [error instanceof Error ? error.message : String(error)], blank: false })
  }
}
await closeBrowser()
const withErrors = loads.filter((load) => load.errors.length)
const blank = loads.filter((load) => load.blank)

// The cases that say what their page must do: done in Chromium, step by step.
const checked: { label: string; problems: string[] }[] = []
if (browser) {
  for (const item of all.filter((entry): entry is typeof entry & { works: Step[] } => Boolean(entry.works && entry.result.code))) {
    const problems = await withPage({ width: 1024, height: 768, timeoutMs: 15_000 }, (page) => tryPage(page, item.result.code, item.works)).catch(
      (error: unknown) => [error instanceof Error ? error.message : String(error)],
    )
    checked.push({ label: item.label, problems })
  }
  await closeBrowser()
}
const working = checked.filter((item) => !item.problems.length).length
if (browser) {
  console.log(
    `Chromium: ${loads.length} pages loaded and every button pressed in ${Math.round(performance.now() - started)} ms: ${withErrors.length} with uncaught errors, ${blank.length} blank`,
  )
  for (const load of withErrors) console.log(`  errors on ${load.label}: ${load.errors.join(' | ')}`)
  for (const load of blank) console.log(`  blank: ${load.label}`)
  console.log(`Working in Chromium: ${working} / ${checked.length} pages did what their case says`)
  for (const item of checked.filter((entry) => entry.problems.length)) console.log(`  not working: ${item.label}: ${item.problems.join('; ')}`)
} else console.log('Chromium: not found (set CHROMIUM_PATH); pages were not loaded')

mkdirSync('bench/results', { recursive: true })
writeFileSync(
  'bench/results/offline.json',
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      prompts: prompts.length,
      followUps: followUps.length,
      builtAsAsked: asked,
      builtAsAskedPercent: share,
      notAsAsked: all.filter((item) => !item.ok).map((item) => ({ case: item.label, problems: item.problems })),
      answeredHonestly,
      answersDue,
      answeredWithAnotherApp: anotherApp.map((item) => item.prompt),
      chromium: browser
        ? {
            pagesLoaded: loads.length,
            withUncaughtErrors: withErrors.length,
            blank: blank.length,
            errors: withErrors.map((load) => ({ page: load.label, errors: load.errors })),
            working,
            checked: checked.length,
            notWorking: checked.filter((item) => item.problems.length),
          }
        : null,
    },
    null,
    2,
  )}\n`,
)
