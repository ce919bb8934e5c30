import { cn } from '~/ui/cn'
import type { DraftData } from '../draft'
import type { Attachment } from '../send-schema'
import { TypingDots } from './status-bar'

/**
 * The exchanges of the draft; those after the current point (undone) are dashed and
 * faded. A message being built shows at once after the point it was sent from, in place
 * of the later steps it replaces.
 */
export function ChatHistory({
  draft,
  sending,
  showTokenUsage,
}: {
  draft: DraftData
  sending: { text: string; attachments: Attachment[] } | null
  showTokenUsage: boolean
}) {
  const exchanges = sending ? draft.exchangeHistory.slice(0, draft.historyIndex + 1) : draft.exchangeHistory
  return (
    <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4 text-sm" aria-label="Chat history">
      {exchanges.length === 0 && !sending ? (
        <li className="text-zinc-500">Describe what to build, or what to change, and the assistant builds it here.</li>
      ) : null}
      {exchanges.map((exchange, index) => (
        <li
          key={index}
          className={cn('rounded-xl border p-3', index > draft.historyIndex ? 'border-dashed opacity-50' : 'border-zinc-200 dark:border-zinc-800')}
        >
          <Message text={exchange.userMessage.content} attachments={exchange.userMessage.attachments} />
          {exchange.assistantMessage.answer ? (
            <p className="mt-2 rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="assistant-answer">
              {exchange.assistantMessage.answer}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-zinc-500">
            {exchange.assistantMessage.answer && !exchange.tokensUsed ? 'Answered' : 'Built'}
            {showTokenUsage ? ` · ${exchange.tokensUsed.toLocaleString('en-US')} tokens` : ''}
          </p>
        </li>
      ))}
      {sending ? (
        <li aria-busy="true" className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
          <Message text={sending.text.trim()} attachments={sending.attachments} />
          <p className="mt-1 text-xs text-zinc-500">
            <TypingDots />
          </p>
        </li>
      ) : null}
    </ol>
  )
}

function Message({ text, attachments }: { text: string; attachments: Attachment[] }) {
  return (
    <>
      <p className="whitespace-pre-wrap">{text}</p>
      {attachments.length ? (
        <div className="mt-2 flex gap-1">
          {attachments.map((attachment, position) => (
            <img key={attachment.id ?? position} src={attachment.url} alt="" className="size-10 rounded object-cover" />
          ))}
        </div>
      ) : null}
    </>
  )
}
