import type PgBoss from 'pg-boss'

/**
 * Every queue the product uses, declared once. Each has a dead-letter queue
 * (`<name>.dead`) that keeps jobs which ran out of retries for inspection.
 */
export const QUEUES = {
  cleanup: { name: 'cleanup', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  dailyReset: { name: 'daily-reset', retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  // A verified provider event (a Stripe webhook, or the local provider's): re-read the
  // customer's subscription. Retried for about an hour while the provider is down.
  billingEvent: { name: 'billing-event', retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  // Billable tokens to the provider as meter events; whatever fails waits for the next run.
  usageReport: { name: 'usage-report', retryLimit: 2, retryDelay: 20, retryBackoff: true, expireInSeconds: 300 },
  // A Piece's saved code rendered in a real browser (issue 12.3); each try is bounded by SCREENSHOT_TIMEOUT_MS.
  screenshot: { name: 'screenshot', retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  // Issue 31.4: a Piece's behaviour checks run on the version shown ("Run now", a check just saved).
  checks: { name: 'checks', retryLimit: 1, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  // Issue 40.3: a version no generation made (some of a turn's changes) loaded in the browser, then the Piece's checks run on it.
  versionChecks: { name: 'version-checks', retryLimit: 1, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  // Images nothing points at any more (app/pieces/storage.server.ts); a failed run changes nothing and is retried.
  imageGc: { name: 'image-gc', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
} satisfies Record<string, PgBoss.Queue>

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name']

export const SCHEDULES: { queue: QueueName; cron: string; tz: string }[] = [
  { queue: 'cleanup', cron: '17 * * * *', tz: 'America/New_York' },
  { queue: 'daily-reset', cron: '0 0 * * *', tz: 'America/New_York' },
  { queue: 'usage-report', cron: '* * * * *', tz: 'America/New_York' },
  { queue: 'image-gc', cron: '43 * * * *', tz: 'America/New_York' },
]
