import { bootProcess } from '../runtime/boot'

/**
 * `npm run user -- set-plan <email> plus|free` and `npm run user -- set-admin <email> true|false`:
 * administration by hand. A plan set here overrides billing and has no provider subscription behind it.
 */
const [command, email, value] = process.argv.slice(2)
const usage = 'usage: npm run user -- set-plan <email> plus|free | set-admin <email> true|false'

process.env.WORKERS = 'off'
const runtime = await bootProcess({ role: 'worker' })
const { findUserIdByEmail, setAdmin } = await import('../app/accounts/users.server')
const { setPlan } = await import('../app/billing/subscription.server')

let exitCode = 0
try {
  if (!command || !email) throw new Error(usage)
  const userId = await findUserIdByEmail(email)
  if (!userId) throw new Error(`No user with the email ${email}`)
  if (command === 'set-plan' && (value === 'plus' || value === 'free')) {
    await setPlan(userId, value)
    console.log(`${email} is now on ${value === 'plus' ? 'PLUS' : 'the free plan'}`)
  } else if (command === 'set-admin' && (value === 'true' || value === 'false')) {
    await setAdmin(userId, value === 'true')
    console.log(`${email} is ${value === 'true' ? 'now' : 'no longer'} an administrator`)
  } else {
    throw new Error(usage)
  }
} catch (error) {
  console.error((error as Error).message)
  exitCode = 1
}
await runtime.shutdown('done')
process.exit(exitCode)
