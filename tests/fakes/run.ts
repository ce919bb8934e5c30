/**
 * Starts the OpenAI, Stripe, Google and S3 fakes for trying the app by hand: `npx tsx tests/fakes/run.ts`.
 * Ports come from OPENAI_FAKE_PORT, STRIPE_FAKE_PORT, GOOGLE_FAKE_PORT and S3_FAKE_PORT (free ones when unset); Stripe events
 * go to STRIPE_WEBHOOK_URL signed with STRIPE_WEBHOOK_SECRET.
 */
import { startGoogleFake, startOpenAIFake, startS3Fake, startStripeFake } from './index'

const port = (name: string) => Number(process.env[name] ?? 0)
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_fake_local_secret'

const openai = await startOpenAIFake({ port: port('OPENAI_FAKE_PORT') })
const stripe = await startStripeFake({ port: port('STRIPE_FAKE_PORT'), webhookSecret, webhookUrl: process.env.STRIPE_WEBHOOK_URL })
const google = await startGoogleFake({ port: port('GOOGLE_FAKE_PORT') })
const s3 = await startS3Fake({ port: port('S3_FAKE_PORT') })

console.log(`OpenAI fake  ${openai.baseURL}
Stripe fake  ${stripe.url}  (webhooks: ${process.env.STRIPE_WEBHOOK_URL ?? 'none; set STRIPE_WEBHOOK_URL'})
Google fake  ${google.url}
S3 fake      ${s3.endpoint}  (objects in memory)

# for the app's environment
OPENAI_API_KEY=test
OPENAI_BASE_URL=${openai.baseURL}
STRIPE_SECRET_KEY=sk_test_fake
STRIPE_WEBHOOK_SECRET=${webhookSecret}
STRIPE_API_URL=${stripe.url}
GOOGLE_CLIENT_ID=${google.clientId}
GOOGLE_CLIENT_SECRET=${google.clientSecret}
GOOGLE_OAUTH_URL=${google.url}
S3_BUCKET=${s3.bucket}
S3_ENDPOINT=${s3.endpoint}
S3_ACCESS_KEY_ID=${s3.accessKeyId}
S3_SECRET_ACCESS_KEY=${s3.secretAccessKey}
S3_FORCE_PATH_STYLE=on`)

async function stop() {
  await Promise.all([openai.close(), stripe.close(), google.close(), s3.close()])
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
