import type { Env } from '../app/lib/env.server'
import { startEmbeddedDatabase } from './embedded'

export type ResolvedDatabase = { url: string; description: string; stop: () => Promise<void> }

/** `DATABASE_URL` when set, otherwise the embedded cluster in `DATA_DIR`. */
export async function resolveDatabase(env: Env): Promise<ResolvedDatabase> {
  if (env.DATABASE_URL) {
    const url = new URL(env.DATABASE_URL)
    return {
      url: env.DATABASE_URL,
      description: `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`,
      stop: async () => {},
    }
  }
  const embedded = await startEmbeddedDatabase(env.DATA_DIR)
  return {
    url: embedded.url,
    description: `embedded PostgreSQL at 127.0.0.1:${embedded.port} (data in ${env.DATA_DIR})`,
    stop: embedded.stop,
  }
}
