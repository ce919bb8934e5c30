import { privateRoute } from '~/accounts/api-auth.server'
import { ApiFailure, apiJson, parseOrFail, readJson, requireMethod } from '~/lib/api.server'
import { createPiece, deletePiece, listPieces, toPublicPiece, updatePiece, type IconUpload } from '~/pieces/pieces.server'
import { CreatePieceBody, MAX_IMAGE_UPLOAD_BYTES, PIECE_CODE_MAX, PieceIdQuery, PieceListQuery, UpdatePieceBody } from '~/pieces/schema'

/** An icon as a data URL (4/3 of the image) next to the other fields and the code. */
const PATCH_BODY_LIMIT = Math.ceil((MAX_IMAGE_UPLOAD_BYTES * 4) / 3) + PIECE_CODE_MAX + 64 * 1024

/** Spec 1 §7 calls 19 and 20: `{ data, has_more }`, plus `next_starting_after` for ties. */
export const loader = privateRoute(async ({ user }, { request }) => {
  const query = parseOrFail(PieceListQuery, Object.fromEntries(new URL(request.url).searchParams))
  return apiJson(await listPieces(user.id, { limit: query.limit, startingAfter: query.starting_after }))
})

/** Spec 1 §7 calls 23 (POST), 24 (PATCH ?id=) and 25 (DELETE ?id=). */
export const action = privateRoute(async ({ user }, { request }) => {
  requireMethod(request, 'POST', 'PATCH', 'DELETE')
  if (request.method === 'POST') {
    const body = await readJson(request, CreatePieceBody)
    return apiJson(await createPiece(user.id, body), { status: 201 })
  }
  const { id } = parseOrFail(PieceIdQuery, Object.fromEntries(new URL(request.url).searchParams))
  if (request.method === 'DELETE') {
    await deletePiece(user.id, id)
    return apiJson({ success: true, id })
  }
  const changes = isForm(request) ? await readFormChanges(request) : await readJson(request, UpdatePieceBody, PATCH_BODY_LIMIT)
  return apiJson(toPublicPiece(await updatePiece(user.id, id, changes)))
})

const isForm = (request: Request) => /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(request.headers.get('content-type') ?? '')

/** A form post (an icon file, or plain fields): the same rules as the JSON body. */
async function readFormChanges(request: Request) {
  const bytes = await readBounded(request, PATCH_BODY_LIMIT)
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': request.headers.get('content-type')! } }).formData()
  } catch {
    throw new ApiFailure(400, 'The form data could not be read.')
  }
  const fields: Record<string, unknown> = {}
  let iconUpload: IconUpload | undefined
  for (const key of ['name', 'description', 'visibility', 'icon', 'code'] as const) {
    const value = form.get(key)
    // A file input left empty still posts a nameless, empty file.
    if (value === null || (typeof value !== 'string' && value.size === 0 && value.name === '')) continue
    if (typeof value === 'string') fields[key] = value
    else if (key === 'icon') iconUpload = { bytes: Buffer.from(await value.arrayBuffer()) }
  }
  // A file alone is a whole update; the rule against empty updates is for the fields.
  if (iconUpload && Object.keys(fields).length === 0) return { iconUpload }
  return { ...parseOrFail(UpdatePieceBody, fields), iconUpload }
}

async function readBounded(request: Request, limit: number) {
  const chunks: Uint8Array[] = []
  let size = 0
  if (!request.body) return new Uint8Array()
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength
    if (size > limit) throw new ApiFailure(413, `Request body is too large (limit ${Math.round(limit / 1024)} KB).`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
