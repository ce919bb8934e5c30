import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AUTH_REQUIRED_MESSAGE } from '~/accounts/api-auth.server'
import { requireSubmittingUser, requireUser } from '~/accounts/guards.server'
import { checksOfOwnedPiece } from '~/checks/checks.server'
import { ChatBuilder } from '~/chat/chat-builder'
import { isBehindLatest } from '~/pieces/draft'
import { chatData } from '~/chat/editor.server'
import { CHAT_FORM_WORDS, CONFIRM_OVERWRITE, CONFIRM_PARAM } from '~/chat/schema'
import { keepDataWhenSignedOut } from '~/lib/revalidation'
import { replyWhenUnreachable } from '~/lib/unreachable'
import { editorPageData } from '~/pieces/pages.server'
import { lineageOf } from '~/pieces/remixes.server'
import { arrivingPrompt } from '~/pieces/prompt.server'
import { pageTitle } from '~/site/pages'
import { GeneralErrorBoundary, NOT_FOUND_TITLE } from '~/ui/error-page'
import { answerChatForm, refuseChatForm } from './piece-editor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { owned, origins, piece, topBarPiece } = await editorPageData(request, user, params.pieceName ?? '')
  // The owner's checks go in the Piece menu beside what pieces/ puts there (the shell joins them).
  const checks = await checksOfOwnedPiece({ id: owned.id, code: owned.code, draft: owned.draftData })
  const { chat } = await chatData(user, owned, origins)
  const prompt = arrivingPrompt(request, user.id, piece.id)
  const askOverwrite = new URL(request.url).searchParams.get(CONFIRM_PARAM) === CONFIRM_OVERWRITE && isBehindLatest(chat.draft)
  const lineage = await lineageOf(piece.id)
  const credit = lineage && { owner: lineage.owner, name: lineage.name, href: lineage.href }
  return data({ piece, topBarPiece: { ...topBarPiece, checks }, chat, prompt, askOverwrite, credit }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * The chat's forms (send, stop, undo, redo, accept, reject, model), posted by the page's
 * fetchers with JavaScript and by the browser without it: the same fields, the same rules.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireSubmittingUser(request)
  if (!user) return refuseChatForm(request, { status: 401, message: AUTH_REQUIRED_MESSAGE })
  const { owned } = await editorPageData(request, user, params.pieceName ?? '')
  return answerChatForm(request, user, owned.id, `/pieces/${owned.name}`)
}

/** With JavaScript, a chat form that never reaches the server is refused in place (the status says so, the message stays), not an error page. */
export const clientAction = replyWhenUnreachable(CHAT_FORM_WORDS)

/** /pieces/{pieceName}: the chat builder, with the Piece's menu in the top bar. */
export default function PieceEditorRoute() {
  const { piece, chat, prompt, askOverwrite, credit } = useLoaderData<typeof loader>()
  return <ChatBuilder key={piece.id} chat={chat} pieceName={piece.name} prompt={prompt} askOverwrite={askOverwrite} credit={credit} />
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [{ title: loaded ? pageTitle(loaded.piece.name) : NOT_FOUND_TITLE }]

export const shouldRevalidate = keepDataWhenSignedOut

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
