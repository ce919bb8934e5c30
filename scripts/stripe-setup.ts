import { setUpStripe } from '../app/billing/stripe-setup.server'
import { stripeClient } from '../app/billing/stripe-provider.server'

/**
 * `npm run stripe:setup`: creates or finds the products, prices (by lookup key) and billing
 * meter of app/billing/plans.ts in the Stripe account of STRIPE_SECRET_KEY (or the
 * Stripe-compatible server at STRIPE_API_URL). Safe to run again.
 */
const key = process.env.STRIPE_SECRET_KEY
if (!key?.startsWith('sk_') && !key?.startsWith('rk_')) {
  console.error('STRIPE_SECRET_KEY must be set (sk_… or rk_…) to set up Stripe')
  process.exit(1)
}
try {
  const stripe = stripeClient({ STRIPE_SECRET_KEY: key, STRIPE_API_URL: process.env.STRIPE_API_URL || undefined })
  console.log(`Stripe at ${process.env.STRIPE_API_URL || 'https://api.stripe.com'}`)
  await setUpStripe(stripe)
  console.log('Stripe matches app/billing/plans.ts')
} catch (error) {
  console.error(`stripe:setup failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
