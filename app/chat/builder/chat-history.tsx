import { cn } from '~/ui/cn'
import type { DraftData } from '../draft'

/** The exchanges of the draft; those after the current point (undone) are dashed and faded. */
export function ChatHistory({ draft, showTokenUsage }: { draft: DraftData; showTokenUsage: boolean }) {
  return (
    <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4 text-sm" aria-label="Chat history">
      {draft.exchangeHistory.length === 0 ? (
        <li className="text-zinc-500">Describe what to build, or what to change, and the assistant builds it here.</li>
      ) : (
        draft.exchangeHistory.map((exchange, index) => (
          <li
            key={index}
            className={cn('rounded-xl border p-3', index > draft.historyIndex ? 'border-dashed opacity-50' : 'border-zinc-200 dark:border-zinc-800')}
          >
            <p className="whitespace-pre-wrap">{exchange.userMessage.content}</p>
            {exchange.userMessage.attachments.length ? (
              <div className="mt-2 flex gap-1">
                {exchange.userMessage.attachments.map((attachment, position) => (
                  <img key={attachment.id ?? position} src={attachment.url} alt="" className="size-10 rounded object-cover" />
                ))}
              </div>
            ) : null}
            <p className="mt-1 text-xs text-zinc-500">Built{showTokenUsage ? ` · ${exchange.tokensUsed.toLocaleString('en-US')} tokens` : ''}</p>
          </li>
        ))
      )}
    </ol>
  )
}
