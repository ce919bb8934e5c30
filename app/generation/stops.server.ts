import { sql } from '~/lib/db.server'
import { startLogContext } from '~/lib/log.server'

/**
 * Stop (spec 2 §7 call 8) rides the same NOTIFY as the events (./events.server.ts) on a
 * channel of its own: the notice tells the worker that runs the generation, which aborts its
 * model call at once; the flag keeps the request for a worker that could not hear it.
 */
export const STOPS_CHANNEL = 'generation_stops'

/**
 * Asks a generation in progress to stop: sets its flag and announces its id, in one
 * statement, so a worker that hears the notice finds the flag set. Answers false when the
 * generation had already ended (a worker ending it holds its row, so this waits for that).
 */
export async function askToStop(generationId: number): Promise<boolean> {
  const asked = await sql`
    with asked as (
      update generations set stop_requested = true where id = ${generationId} and status in ('queued', 'running') returning id
    )
    select pg_notify(${STOPS_CHANNEL}, id::text) from asked`
  return asked.length > 0
}

/**
 * This process's one LISTEN for stops, for the life of the process: `heard` gets each
 * generation id asked to stop. After the LISTEN (re)connects, `caughtUp` runs: notices sent
 * while it was down were not heard, so the flags are read again.
 */
export async function listenForStops(heard: (generationId: number) => void, caughtUp: () => void) {
  await sql.listen(
    STOPS_CHANNEL,
    (payload) => {
      const generationId = Number(payload)
      if (Number.isInteger(generationId)) heard(generationId)
    },
    () => startLogContext({}, caughtUp),
  )
}
