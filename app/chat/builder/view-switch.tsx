import { useEffect, useRef, useState } from 'react'
import type { DraftData } from '~/pieces/draft'
import { cn } from '~/ui/cn'
import { MESSAGE_INPUT_ID } from './prompt-input'

/**
 * Issue 37.5: under the spec's mobile breakpoint (768 px) the chat and the preview each take
 * the whole screen below the top bar, with a switch between them. The switch is two radio
 * buttons: without JavaScript the page's CSS shows the view whose radio is checked (the
 * builder's `:has()` rules), so a phone without it reaches both; with it the builder knows
 * which is shown, so "Ask the assistant instead" can go back to the chat and a new version
 * marks Preview while the chat is shown.
 */
export type ChatView = 'chat' | 'preview'

export const ChatViewWords = {
  legend: 'Show',
  chat: 'Chat',
  preview: 'Preview',
  fresh: 'new version',
} as const

/** The radios' ids, which the builder's CSS reads (one chat builder on a page). */
export const CHAT_VIEW_IDS: Record<ChatView, string> = { chat: 'chat-view-chat', preview: 'chat-view-preview' }

/** The view shown on a phone, and whether the preview changed since it was last shown there. */
export function useChatView(draft: DraftData) {
  const [view, setView] = useState<ChatView>('chat')
  const [fresh, setFresh] = useState(false)
  const version = `${draft.exchangeHistory.length}:${draft.historyIndex}`
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current === version) return
    seen.current = version
    if (view === 'chat') setFresh(true)
  }, [version, view])
  const show = (next: ChatView) => {
    setView(next)
    if (next === 'preview') setFresh(false)
  }
  // The message box is focused once the chat view is shown (a hidden field takes no focus).
  const [writing, setWriting] = useState(0)
  useEffect(() => {
    if (writing) document.getElementById(MESSAGE_INPUT_ID)?.focus()
  }, [writing])
  /** To the message box, in the chat view on a phone. */
  const write = () => {
    show('chat')
    setWriting((count) => count + 1)
  }
  return { view, fresh, show, write }
}

export type ChatViewState = ReturnType<typeof useChatView>

export function ViewSwitch({ state }: { state: ChatViewState }) {
  return (
    <fieldset className="flex shrink-0 gap-1 border-b border-zinc-200 bg-zinc-50 p-1 md:hidden dark:border-zinc-800 dark:bg-zinc-900">
      <legend className="sr-only">{ChatViewWords.legend}</legend>
      {(['chat', 'preview'] as const).map((view) => (
        <label
          key={view}
          className={cn(
            'relative flex h-9 flex-1 cursor-pointer items-center justify-center gap-1.5 rounded-md text-sm font-medium text-zinc-600 dark:text-zinc-300',
            'has-[:checked]:bg-white has-[:checked]:text-zinc-900 has-[:checked]:shadow-sm dark:has-[:checked]:bg-zinc-800 dark:has-[:checked]:text-zinc-50',
            'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
          )}
        >
          <input
            type="radio"
            name="chat-view"
            id={CHAT_VIEW_IDS[view]}
            value={view}
            // The radio itself covers its segment (drawn as nothing): the tap lands on it, the label's words show through.
            className="absolute inset-0 cursor-pointer appearance-none rounded-md focus:outline-none"
            checked={state.view === view}
            onChange={() => state.show(view)}
          />
          {ChatViewWords[view]}
          {view === 'preview' && state.fresh && state.view !== 'preview' ? (
            <>
              <span aria-hidden="true" className="size-2 rounded-full bg-brand-500" data-testid="preview-fresh" />
              <span className="sr-only">({ChatViewWords.fresh})</span>
            </>
          ) : null}
        </label>
      ))}
    </fieldset>
  )
}
