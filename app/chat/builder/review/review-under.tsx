import { codeVersion } from '~/pieces/code-version'
import type { ChatBuilderState } from '../use-chat-builder'
import type { ChatViewState } from '../view-switch'
import { ChoiceChecks } from './choice-checks'
import { ReviewChanges } from './review-changes'
import { ReviewWords } from './words'

/**
 * Issue 40: what shows under each exchange of the chat's history: "Review changes" when the
 * exchange has a review (the loader reads one for each exchange with operations); the
 * newest, at the current point and with no build on its way, can be chosen from.
 */
export function reviewUnder(builder: ChatBuilderState, phone: ChatViewState, hydrated: boolean) {
  const { chat, draft, working, review, sender } = builder
  return (index: number) => {
    const exchange = draft.exchangeHistory[index]
    if (!exchange) return null
    const version = codeVersion(exchange.assistantMessage.content)
    const found = chat.reviews.find((candidate) => candidate.exchange === index && candidate.version === version)
    if (!found) return null
    const newest = index === draft.historyIndex && index === draft.exchangeHistory.length - 1 && !working
    const current = hydrated && review.interactive && review.exchange === index
    const choosable = found.reviewable && newest && (!hydrated || current)
    const wordsOf = (change: number) => (found.reviewable ? (found.changes.find((candidate) => candidate.index === change)?.words ?? '') : '')
    return (
      <ReviewChanges
        review={found}
        choosable={choosable}
        hydrated={hydrated}
        Form={review.Form}
        at={draft.historyIndex}
        actions={
          current
            ? {
                state: review,
                showInPreview: (change) => {
                  review.pin(change)
                  phone.show('preview')
                },
                // One call with no plan, aimed at the element the change touched (issue 30.4), so only that call is charged; one with no element left is said in words.
                redo: (change, words) => {
                  const target = review.targetOf(change)
                  return target
                    ? sender.sendText(words, { target, redo: true })
                    : sender.sendText(ReviewWords.redoInWords(wordsOf(change), words), { redo: true })
                },
                redoing: sender.busy,
                checks: (
                  <ChoiceChecks
                    pieceId={chat.pieceId}
                    exchange={index}
                    kept={review.kept}
                    off={found.reviewable ? found.changes.filter((change) => !review.kept.includes(change.index)).map((change) => change.words) : []}
                  />
                ),
              }
            : null
        }
      />
    )
  }
}
