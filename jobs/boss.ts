import PgBoss from 'pg-boss'
import { singleton } from '../app/lib/singleton.server'
import { QUEUES } from './queues'

/** Starts the process's pg-boss instance and makes sure every queue exists. */
export async function startBoss(connectionString: string): Promise<PgBoss> {
  const boss = singleton('boss', () => new PgBoss({ connectionString, schema: 'pgboss', max: 4 }))
  boss.on('error', (error) => console.error('[jobs] pg-boss error:', error.message))
  await boss.start()
  for (const queue of Object.values(QUEUES)) {
    const deadLetter = `${queue.name}.dead`
    await boss.createQueue(deadLetter)
    await boss.createQueue(queue.name, { ...queue, deadLetter })
  }
  return boss
}
