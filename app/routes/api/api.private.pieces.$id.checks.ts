import { privateRoute } from '~/accounts/api-auth.server'
import { apiJson, parseOrFail, readJson, requireMethod } from '~/lib/api.server'
import { createCheck, deleteCheck, listChecks, renameCheck, runChecksNow } from '~/checks/checks.server'
import { CheckIdQuery, CreateCheckBody, RenameCheckBody, RunChecksQuery } from '~/checks/schema'
import { PieceIdQuery } from '~/pieces/schema'

const pieceIdOf = (params: { id?: string }) => parseOrFail(PieceIdQuery, { id: params.id }).id
const query = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

/** Issue 31.4: the owner's checks of a Piece, each with its steps in words and its last result. */
export const loader = privateRoute(async ({ user }, { params }) => {
  const pieceId = pieceIdOf(params)
  return apiJson({ data: await listChecks(user.id, pieceId) }, { headers: { 'Cache-Control': 'no-store' } })
})

/**
 * POST a new check (`{ name, steps }`, 201), PATCH `?checkId=` to rename (`{ name }`),
 * DELETE `?checkId=`, and POST `?run` (with or without `checkId`) to run checks on the version shown (202).
 */
export const action = privateRoute(async ({ user }, { request, params }) => {
  requireMethod(request, 'POST', 'PATCH', 'DELETE')
  const pieceId = pieceIdOf(params)
  if (request.method === 'POST') {
    const run = parseOrFail(RunChecksQuery, query(request))
    if (run.run !== undefined) {
      await runChecksNow(user.id, pieceId, run.checkId)
      return apiJson({ success: true, queued: true }, { status: 202 })
    }
    return apiJson(await createCheck(user.id, pieceId, await readJson(request, CreateCheckBody)), { status: 201 })
  }
  const { checkId } = parseOrFail(CheckIdQuery, query(request))
  if (request.method === 'DELETE') {
    await deleteCheck(user.id, pieceId, checkId)
    return apiJson({ success: true, id: checkId })
  }
  return apiJson(await renameCheck(user.id, pieceId, checkId, (await readJson(request, RenameCheckBody)).name))
})
