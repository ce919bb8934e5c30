import { bootProcess } from '../runtime/boot'

/** `npm run feedback [-- <how many, default 50>]`: what users sent from the Share Feedback popover, newest first. */
const limit = Number(process.argv[2] ?? 50)

process.env.WORKERS = 'off'
const runtime = await bootProcess({ role: 'worker' })
const { listFeedback } = await import('../app/feedback/feedback.server')

let exitCode = 0
try {
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new Error('usage: npm run feedback [-- <how many, 1 to 10000>]')
  const entries = await listFeedback(limit)
  if (entries.length === 0) console.log('No feedback yet.')
  for (const entry of entries) {
    console.log(`#${entry.id}  ${new Date(entry.createdAt).toISOString()}  ${entry.username ?? '(no username)'} <${entry.email}>`)
    console.log(`  ${entry.content.replaceAll('\n', '\n  ')}\n`)
  }
} catch (error) {
  console.error((error as Error).message)
  exitCode = 1
}
await runtime.shutdown('done')
process.exit(exitCode)
