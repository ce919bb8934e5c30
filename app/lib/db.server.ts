import postgres from 'postgres'
import { singleton } from './singleton.server'

/**
 * The process's one SQL pool. `DATABASE_URL` is resolved by the process entry (an
 * embedded cluster when unset) before any request is served.
 */
export const sql = singleton('sql', () => {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('DATABASE_URL is not set: start the process through server.ts or jobs/worker.ts')
  return postgres(url, {
    max: 10,
    onnotice: () => {},
    transform: { undefined: null },
  })
})
