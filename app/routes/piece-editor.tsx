import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/accounts/guards.server'
import { ChatBuilder } from '~/chat/chat-builder'
import { chatData, handleChatForm } from '~/chat/editor.server'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { editorPageData } from '~/pieces/pages.server'
import { arrivingPrompt } from '~/pieces/prompt.server'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { owned, piece, topBarPiece } = await editorPageData(request, user, params.pieceName ?? '')
  const { chat } = await chatData(user, owned)
  const prompt = arrivingPrompt(request, user.id, piece.id)
  return data({ piece, topBarPiece, chat, prompt }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/** The chat without JavaScript: send, stop, accept, reject, undo and redo as forms. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const { owned } = await editorPageData(request, user, params.pieceName ?? '')
  return handleChatForm(user, owned.id, await request.formData())
}

/** /pieces/{pieceName}: the chat builder, with the Piece's menu in the top bar. */
export default function PieceEditorRoute() {
  const { piece, chat, prompt } = useLoaderData<typeof loader>()
  return <ChatBuilder key={piece.id} chat={chat} pieceName={piece.name} prompt={prompt} />
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(loaded.piece.name) : NOT_FOUND_TITLE }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
