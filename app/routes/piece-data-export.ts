import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/accounts/guards.server'
import { orNotFound } from '~/lib/http'
import { exportCsv, exportData } from '~/piece-data/owner.server'
import { OwnedSpaceSchema } from '~/piece-data/schema'

/** The owner's export of a Piece's shared data (issue 39.4), as a JSON or CSV file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const query = new URL(request.url).searchParams
  const space = OwnedSpaceSchema.catch('live').parse(query.get('space') ?? undefined)
  const name = params.pieceName ?? ''
  const exported = await orNotFound(exportData(user.id, name, space))
  const csv = query.get('format') === 'csv'
  const filename = `${name}-${space === 'test' ? 'test-data' : 'data'}.${csv ? 'csv' : 'json'}`
  return new Response(csv ? exportCsv(exported) : JSON.stringify(exported, null, 2), {
    headers: {
      'Content-Type': csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
