import postgres, { type Sql } from 'postgres'
import { singleton } from './singleton.server'

function pool(): Sql {
  return singleton('sql', () => {
    const url = process.env.DATABASE_URL
    if (!url) throw new Error('DATABASE_URL is not set: start the process through server.ts or jobs/worker.ts')
    return postgres(url, { max: 10, onnotice: () => {}, transform: { undefined: null } })
  })
}

/**
 * The process's one SQL pool, created on first use: `DATABASE_URL` is resolved by the
 * process entry (an embedded cluster when unset) after modules are loaded.
 */
export const sql: Sql = new Proxy((() => {}) as unknown as Sql, {
  apply: (_target, _this, args: Parameters<Sql>) => pool()(...args),
  get: (_target, property) => {
    const value = Reflect.get(pool(), property)
    return typeof value === 'function' ? value.bind(pool()) : value
  },
})
