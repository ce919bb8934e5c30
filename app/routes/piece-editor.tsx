import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { ChatBuilder } from '~/chat/chat-builder'
import { chatData, handleChatForm } from '~/chat/editor.server'
import { isDomainError } from '~/lib/errors'
import { NOT_FOUND_MESSAGE } from '~/lib/messages'
import { editorPageData } from '~/pieces/pages.server'
import { arrivingPrompt } from '~/pieces/prompt.server'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'
import { chatFormDone, chatFormRefused, chatFormUser, signedOut } from './piece-editor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { owned, piece, topBarPiece } = await editorPageData(request, user, params.pieceName ?? '')
  const { chat } = await chatData(user, owned)
  const prompt = arrivingPrompt(request, user.id, piece.id)
  return data({ piece, topBarPiece, chat, prompt }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * The chat's forms (send, stop, undo, redo, accept, reject, model), posted by the page's
 * fetchers with JavaScript and by the browser without it: the same fields, the same rules.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await chatFormUser(request)
  if (!user) return chatFormRefused(request, '/', signedOut())
  const { owned } = await editorPageData(request, user, params.pieceName ?? '')
  const here = `/pieces/${owned.name}`
  try {
    return chatFormDone(request, here, await handleChatForm(user, owned.id, await request.formData()))
  } catch (error) {
    if (!isDomainError(error)) throw error
    if (error.kind === 'not-found') throw new Response(NOT_FOUND_MESSAGE, { status: 404 })
    return chatFormRefused(request, here, error)
  }
}

/** A refused form changed nothing, so the page keeps its data (and a signed-out save is answered in place). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? false : defaultShouldRevalidate

/** /pieces/{pieceName}: the chat builder, with the Piece's menu in the top bar. */
export default function PieceEditorRoute() {
  const { piece, chat, prompt } = useLoaderData<typeof loader>()
  return <ChatBuilder key={piece.id} chat={chat} pieceName={piece.name} prompt={prompt} />
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(loaded.piece.name) : NOT_FOUND_TITLE }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
