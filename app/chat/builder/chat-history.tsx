import { useEffect, useRef, type ReactNode } from 'react'
import { cn } from '~/ui/cn'
import type { DraftData } from '~/pieces/draft'
import type { Attachment } from '~/pieces/draft-schema'
import type { Verification } from '~/pieces/draft-schema'
import { resultWords, summaryWords, type CheckResult } from '~/checks/schema'
import { ReceiptNote } from './receipt'
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
  under,
}: {
  draft: DraftData
  sending: { text: string; attachments: Attachment[] } | null
  showTokenUsage: boolean
  /** What shows under an exchange the assistant built (issue 40: "Review changes"). */
  under?: (index: number) => ReactNode
}) {
  const exchanges = sending ? draft.exchangeHistory.slice(0, draft.historyIndex + 1) : draft.exchangeHistory
  const list = useRef<HTMLOListElement>(null)
  const newest = `${exchanges.length}:${sending ? 'sending' : ''}`
  // A message sent or answered brings the newest exchange into view, as in any chat.
  useEffect(() => {
    const element = list.current
    if (element) element.scrollTop = element.scrollHeight
  }, [newest])
  return (
    <ol ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4 text-sm" aria-label="Chat history">
      {exchanges.length === 0 && !sending ? (
        <li className="text-zinc-500">Describe what to build, or what to change, and the assistant builds it here.</li>
      ) : null}
      {exchanges.map((exchange, index) =>
        exchange.note ? (
          <li
            key={index}
            className={cn(
              'rounded-xl border bg-zinc-50 p-3 dark:bg-zinc-900',
              index > draft.historyIndex ? 'border-dashed opacity-50' : 'border-zinc-200 dark:border-zinc-800',
            )}
            data-testid="history-note"
          >
            <p className="font-medium">{exchange.note}</p>
            {/* Never the model's: free, and said so (issue 30.2). */}
            <p className="mt-1 text-xs text-zinc-500">{exchange.tokensUsed.toLocaleString('en-US')} tokens</p>
          </li>
        ) : (
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
            {exchange.verification ? <VerificationNote verification={exchange.verification} /> : null}
            {exchange.receipt ? <ReceiptNote receipt={exchange.receipt} showTokens={showTokenUsage} /> : null}
            {under?.(index)}
          </li>
        ),
      )}
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
            <img key={attachment.id ?? position} src={attachment.url} alt={`Attachment ${position + 1}`} className="size-10 rounded object-cover" />
          ))}
        </div>
      ) : null}
    </>
  )
}

/** Why a build was not checked (issue 27): the server's trouble, in plain words, never the page's. */
const NOT_CHECKED = {
  'no-browser': 'Not checked in a browser: none is available on this server.',
  busy: 'Not checked: the server was busy.',
  'not-served': 'Not checked: the server could not load the preview.',
  failed: 'Not checked: the browser check could not run.',
} as const

/** Issue 13.1: how the built page did in a real browser, in plain words. */
function VerificationNote({ verification }: { verification: Verification }) {
  if (verification.skipped) return <p className="mt-1 text-xs text-zinc-500">{NOT_CHECKED[verification.skippedBecause ?? 'no-browser']}</p>
  const { repair } = verification
  return (
    <div className="mt-2 text-xs" data-testid="verification">
      {verification.ok ? (
        <p className="font-medium text-emerald-700 dark:text-emerald-400">Verified in a browser{repair?.kept ? ' after one repair' : ''}</p>
      ) : (
        <>
          <p className="font-medium text-amber-700 dark:text-amber-400">The browser check found problems:</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-4 text-zinc-600 dark:text-zinc-400">
            {verification.errors.map((error, index) => (
              <li key={index} className="break-words">
                {error}
              </li>
            ))}
          </ul>
          {repair && !repair.kept ? <p className="mt-1 text-zinc-500">A repair was tried and did not do better, so this is the first version.</p> : null}
        </>
      )}
      {repair?.kept ? <p className="mt-1 text-zinc-500">Fixed: {repair.errors.join(' ')}</p> : null}
      {verification.checks?.length ? <ChecksNote checks={verification.checks} /> : null}
      {verification.screenshot ? (
        <img
          src={verification.screenshot}
          alt="The built page as the browser showed it"
          width={160}
          height={100}
          className="mt-2 rounded border border-zinc-200 dark:border-zinc-800"
        />
      ) : null}
    </div>
  )
}

/** Issue 31.2: how the Piece's recorded checks did on this version: "3 of 3 checks pass", or which failed, where, and what it looked like. */
function ChecksNote({ checks }: { checks: CheckResult[] }) {
  const allPass = checks.every((check) => check.status !== 'fail')
  const notable = checks.filter((check) => check.status !== 'pass')
  return (
    <div className="mt-2" data-testid="checks-result">
      <p className={allPass ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-amber-700 dark:text-amber-400'}>
        {summaryWords(checks)}
      </p>
      {notable.length ? (
        <ul className="mt-1 space-y-1.5 text-zinc-600 dark:text-zinc-400">
          {notable.map((check) => (
            <li key={check.checkId} className="break-words">
              <span className="font-medium text-zinc-800 dark:text-zinc-200">“{check.name}”</span>{' '}
              {resultWords(check).replace(/^\w/, (letter) => letter.toLowerCase())}
              {check.screenshot ? (
                <figure className="mt-1">
                  <img
                    src={check.screenshot}
                    alt={`The page when “${check.name}” failed`}
                    width={160}
                    height={100}
                    className="rounded border border-amber-300 dark:border-amber-700"
                  />
                  <figcaption className="mt-0.5 text-zinc-500">When it failed</figcaption>
                </figure>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
