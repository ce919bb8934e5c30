import { sql } from '~/lib/db.server'
import { follow, NotifyHub } from '~/lib/notify-hub.server'
import { singleton } from '~/lib/singleton.server'
import type { DataChange } from './constants'
import { changeFor, changesSince, DATA_CHANGES_CHANNEL, type StoredChange } from './store.server'
import type { DataIdentity } from './token.server'

type ChangeRow = { space: string; collection: string; change: StoredChange }

async function readChange(id: number): Promise<ChangeRow | null> {
  const [row] = await sql<ChangeRow[]>`select space, collection, payload as change from piece_data_changes where id = ${id}`
  return row ?? null
}

/** The process's one LISTEN for changes to Pieces' shared data (issue 39.2). */
export const dataHub = () => singleton('piece-data-hub', () => new NotifyHub<ChangeRow>(DATA_CHANGES_CHANNEL, readChange))

/**
 * Every change to one collection after `afterId`, as this visitor's page receives it, each
 * exactly once and in order, across web processes; `interrupted` ends the stream when this
 * process lost its LISTEN (the page resumes from the last id it saw).
 */
export function followCollection(
  who: DataIdentity,
  collection: string,
  afterId: number,
  deliver: (id: number, change: DataChange) => void,
  interrupted: () => void,
) {
  return follow(
    dataHub(),
    {
      pieceId: who.pieceId,
      afterId,
      replay: async (after) => (await changesSince(who, collection, after)).map(({ id, change }) => ({ id, row: { space: who.space, collection, change } })),
      // A space's changes take their ids in commit order (store.server.ts); other spaces' may not.
      accepts: (row) => row.space === who.space && row.collection === collection,
    },
    (id, row) => deliver(id, changeFor(row.change, who.visitor)),
    interrupted,
  )
}
