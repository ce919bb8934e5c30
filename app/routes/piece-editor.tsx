import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { ChatBuilder } from '~/chat/chat-builder'
import { isBehindLatest } from '~/pieces/draft'
import { chatData, handleChatForm } from '~/chat/editor.server'
import { CONFIRM_OVERWRITE, CONFIRM_PARAM, type ChatFormReply } from '~/chat/schema'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { isDocumentSubmission } from '~/lib/submission.server'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { editorPageData } from '~/pieces/pages.server'
import { arrivingPrompt } from '~/pieces/prompt.server'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'
import { chatFormDone, chatFormFailed, chatFormRefused } from './piece-editor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { owned, origins, piece, topBarPiece } = await editorPageData(request, user, params.pieceName ?? '')
  const { chat } = await chatData(user, owned, origins)
  const prompt = arrivingPrompt(request, user.id, piece.id)
  const askOverwrite = new URL(request.url).searchParams.get(CONFIRM_PARAM) === CONFIRM_OVERWRITE && isBehindLatest(chat.draft)
  return data({ piece, topBarPiece, chat, prompt, askOverwrite }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * The chat's forms (send, stop, undo, redo, accept, reject, model), posted by the page's
 * fetchers with JavaScript and by the browser without it: the same fields, the same rules.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return chatFormRefused(request, '/', { status: 401, message: AUTH_REQUIRED_MESSAGE })
  const { owned } = await editorPageData(request, user, params.pieceName ?? '')
  const here = `/pieces/${owned.name}`
  try {
    const done = await handleChatForm(user, owned.id, await request.formData(), { keep: isDocumentSubmission(request) })
    return chatFormDone(request, here, done)
  } catch (error) {
    return chatFormFailed(request, here, error)
  }
}

/** /pieces/{pieceName}: the chat builder, with the Piece's menu in the top bar. */
/** With JavaScript, a chat form that never reaches the server is refused in place (the status says so, the message stays), not an error page. */
export const clientAction = replyWhenUnreachable<ChatFormReply>((message) => ({ ok: false, refusal: { status: 0, message } }))

export default function PieceEditorRoute() {
  const { piece, chat, prompt, askOverwrite } = useLoaderData<typeof loader>()
  return <ChatBuilder key={piece.id} chat={chat} pieceName={piece.name} prompt={prompt} askOverwrite={askOverwrite} />
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(loaded.piece.name) : NOT_FOUND_TITLE }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
