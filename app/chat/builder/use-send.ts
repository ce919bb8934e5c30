import { parseWithZod } from '@conform-to/zod/v4'
import { useFetcher } from '@remix-run/react'
import { useRef, useState, type FormEvent } from 'react'
import { useFormReply } from '~/ui/use-form-reply'
import { isBehindLatest, type DraftData } from '~/pieces/draft'
import { ChatFormSchema, type ChatFormReply } from '../schema'
import { SendMessages } from '~/generation/send-schema'
import type { Attachment } from '~/pieces/draft-schema'
import type { Overlay } from './overlays'
import { showRefusal } from './refusal'
import { failure, IDLE, SENDING } from './status'
import type { Composer } from './use-composer'
import type { GenerationEnd, GenerationView } from './use-generation-stream'

/**
 * The message being built: shown in the history at once, and put back in the input if
 * the send is refused, stopped or fails; on `complete` the exchange it became takes its place.
 */
export type InFlight = { text: string; attachments: Attachment[]; at: number }

/**
 * The message on its way, apart from the form that sends it: the event stream ends it and
 * the input waits for it, and both are set up before the send (use-chat-builder.ts).
 */
export function useInFlight(composer: Composer) {
  const [pending, setPending] = useState<InFlight | null>(null)
  /** The message goes back in the input; the history no longer shows it. */
  const giveBack = () => {
    if (pending) composer.fill(pending.text, pending.attachments)
    setPending(null)
  }
  return {
    pending,
    hold: (held: InFlight) => setPending(held),
    giveBack,
    ended: (end: GenerationEnd) => (end === 'complete' ? setPending(null) : giveBack()),
  }
}

export type MessageInFlight = ReturnType<typeof useInFlight>

type SendDeps = {
  draft: DraftData
  processing: boolean
  composer: Composer
  inFlight: MessageInFlight
  view: GenerationView
  setOverlay: (overlay: Overlay | null) => void
  askOverwrite: () => void
}

/** The prompt form's submission (intent `send`): the action starts the generation, the event stream follows it. */
export function useSend({ draft, processing, composer, inFlight, view, setOverlay, askOverwrite }: SendDeps) {
  const fetcher = useFetcher<ChatFormReply>()
  const form = useRef<HTMLFormElement>(null)
  // Once the action has answered, the message is the stream's (`pending`): the loaders'
  // revalidation after it is no reason to swallow a Retry pressed after a fast failure.
  const busy = processing || fetcher.state === 'submitting' || inFlight.pending !== null

  function begin(text: string, files: Attachment[]) {
    inFlight.hold({ text, attachments: files, at: draft.historyIndex })
    composer.fill('', [])
    composer.setExpanded(false)
    setOverlay(null)
    view.setState(SENDING)
  }

  /** The message goes back in the input, and the code it was building leaves the preview. */
  function giveBack() {
    inFlight.giveBack()
    view.setLiveCode(null)
  }

  useFormReply(fetcher, {
    dialog: false,
    onDone: (done) => {
      if (!done?.confirm) return
      // The draft moved meanwhile (another tab undid): the server asks for Confirm Overwrite too.
      giveBack()
      view.setState(IDLE)
      askOverwrite()
    },
    onRefused: (reply) => {
      giveBack()
      showRefusal(reply, { setOverlay, finish: view.finish })
    },
  })

  /** The prompt form's submission, and Confirm Overwrite's (the same fields, with `overwrite`). */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const fields = new FormData(event.currentTarget)
    const confirmed = fields.get('overwrite') === 'yes'
    const checked = parseWithZod(fields, { schema: ChatFormSchema })
    if (busy || checked.status !== 'success') {
      event.preventDefault()
      const problem = checked.status === 'error' ? Object.values(checked.error ?? {}).flat()[0] : null
      // An empty message is simply not sent (Send is off); other problems are said as the server would.
      if (!busy && problem && problem !== SendMessages.empty) view.finish(failure(problem))
      return
    }
    if (isBehindLatest(draft) && !confirmed) {
      event.preventDefault()
      return askOverwrite()
    }
    begin(composer.input, composer.attachments)
  }

  return {
    Form: fetcher.Form,
    form,
    busy,
    /** Shown in the history until the exchange it became arrives. */
    pending: inFlight.pending,
    onSubmit,
    /** Sends what the input holds, as the Send button would (Enter). */
    request: () => form.current?.requestSubmit(),
    /**
     * Sends a text that is not in the input (the arriving prompt; issue 40.4's redo of one change,
     * aimed at its element by `target` and made in one call). Whether it went.
     */
    sendText: (text: string, { target, redo = false }: { target?: string; redo?: boolean } = {}) => {
      if (busy) return false
      begin(text, [])
      fetcher.submit(
        { intent: 'send', message: text, at: String(draft.historyIndex), ...(target && { target }), ...(redo && { redo: 'change' }) },
        { method: 'post' },
      )
      return true
    },
    ended: (end: GenerationEnd) => {
      inFlight.ended(end)
      if (end !== 'complete') view.setLiveCode(null)
    },
  }
}

export type Sender = ReturnType<typeof useSend>
