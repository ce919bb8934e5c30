import type { LoaderFunctionArgs } from '@remix-run/node'
import { getOptionalUser } from '~/accounts/session.server'
import { isDomainError } from '~/lib/errors'
import { notFound } from '~/lib/http'
import { downloadOf } from '~/pieces/download.server'
import { pieceNameProblem } from '~/pieces/schema'

/** GET /{name}/download (issue 32.6): the Piece as one HTML file; a Piece that cannot be taken is a plain refusal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const name = params.name ?? ''
  if (pieceNameProblem(name)) return notFound()
  const viewer = await getOptionalUser(request)
  try {
    const { filename, html } = await downloadOf(viewer?.id ?? null, viewer?.uid ?? null, name)
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    })
  } catch (error) {
    if (isDomainError(error, 'not-found')) return notFound()
    if (isDomainError(error, 'forbidden'))
      return new Response(error.message, { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
    throw error
  }
}
