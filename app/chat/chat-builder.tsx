import { Form, useNavigate, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from 'react'
import type { ArrivingPrompt } from '~/pieces/prompt.server'
import { openPaymentDialog } from '~/billing/payment-dialog-event'
import { useHydrated } from '~/lib/hydrated'
import { MAX_ATTACHMENTS } from '~/lib/constants'
import { Button } from '~/ui/button'
import { cn } from '~/ui/cn'
import { Dialog } from '~/ui/dialog'
import { useToast } from '~/ui/toaster'
import { compactTokens, usageBar } from '~/usage/format'
import { starterDocument } from '~/pieces/starter-document'
import { AgenticBridge } from './agentic-bridge'
import { codeAt, hasPending, isBehindLatest, redo, undo, type DraftData } from './draft'
import type { ChatData } from './editor.server'
import type { ChatEvent } from './events.server'
import { MODELS, type ModelId } from './models'
import { progressHint, PROGRESS_CLEAR_AFTER_COMPLETE_MS, PROGRESS_CLEAR_AFTER_STOP_MS, STATUS_MESSAGES, type ProcessingStatus } from './progress'
import type { Attachment } from './send-schema'

const INPUT_MIN_PX = 26
const INPUT_MAX_PX = 200

/** Spec 2 §2 and §8: which overlay a 429 opens, by the words of its message. */
export function overlayFor(message: string): Overlay | null {
  if (message.includes('PLUS daily token limit')) return 'enable-usage-based-pricing'
  if (message.includes('Price cap')) return 'update-usage-based-pricing'
  if (message.includes('Daily token limit')) return 'upgrade-to-plus'
  return null
}
type Overlay = 'enable-usage-based-pricing' | 'update-usage-based-pricing' | 'upgrade-to-plus'

const OVERLAYS: Record<Overlay, { heading: string; description: string; action: string }> = {
  'upgrade-to-plus': {
    heading: "You've reached your daily token limit",
    description: 'Unlock premium quality, higher limits, and more.',
    action: 'Upgrade to PLUS',
  },
  'enable-usage-based-pricing': {
    heading: "You've reached your daily token limit",
    description: 'Set a monthly budget to continue using tokens today.',
    action: 'Set a monthly budget',
  },
  'update-usage-based-pricing': {
    heading: "You've reached your monthly spending limit",
    description: 'Set your monthly spending limit to continue creating.',
    action: 'Update spending limit',
  },
}

type Status = { status: ProcessingStatus; message: string; progress: number | null }
const IDLE: Status = { status: 'idle', message: STATUS_MESSAGES.idle, progress: null }

function statusFromStage(stage: string): Status {
  if (stage === 'planning') return { status: 'processing', message: STATUS_MESSAGES.planning, progress: 30 }
  if (stage === 'generating') return { status: 'processing', message: STATUS_MESSAGES.generating, progress: 60 }
  if (stage === 'sending') return { status: 'processing', message: STATUS_MESSAGES.sending, progress: 15 }
  return IDLE
}

async function patchDraft(pieceId: number, body: Record<string, unknown>) {
  const response = await fetch(`/api/private/pieces?id=${pieceId}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`status ${response.status}`)
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })

/**
 * The chat builder of spec 2 §2–§4: history with undo and redo, the prompt with
 * attachments and the model picker, live progress from the event stream, the draft shown
 * in the preview as it is built, and Accept / Reject. Without JavaScript the same page
 * works through forms (see editor.server.ts).
 */
export function ChatBuilder({ chat, pieceName, prompt }: { chat: ChatData; pieceName: string; prompt: ArrivingPrompt | null }) {
  const hydrated = useHydrated()
  const toast = useToast()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const [draft, setDraft] = useState<DraftData>(chat.draft)
  const [input, setInput] = useState(chat.draft.currentInput)
  const [attachments, setAttachments] = useState<Attachment[]>(chat.draft.currentAttachments)
  const [state, setState] = useState<Status>(() => statusFromStage(chat.stage))
  const [liveCode, setLiveCode] = useState<string | null>(null)
  const [overlay, setOverlay] = useState<Overlay | null>(null)
  const [model, setModel] = useState<ModelId>(chat.model)
  const [confirm, setConfirm] = useState<'overwrite' | 'accept' | 'reject' | null>(null)
  const [busyDialog, setBusyDialog] = useState(false)
  const [expanded, setExpanded] = useState(false)
  const [loadingImages, setLoadingImages] = useState(0)
  const sending = useRef<{ controller: AbortController; input: string; attachments: Attachment[] } | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const runnerReady = useRef(false)
  const textarea = useRef<HTMLTextAreaElement>(null)
  // Set when the arriving prompt filled the input: the reload that takes it out of the address keeps it.
  const keepFilledInput = useRef(false)
  const processing = state.status === 'processing'

  // A new loader answer (after complete, accept, reject) is the server's truth.
  useEffect(() => {
    setDraft(chat.draft)
    if (!sending.current && !keepFilledInput.current) {
      setInput(chat.draft.currentInput)
      setAttachments(chat.draft.currentAttachments)
    }
    keepFilledInput.current = false
  }, [chat.draft])

  // A Piece with no code yet shows the same starter page as its public page.
  const shownCode = liveCode ?? (codeAt(draft, chat.savedCode) || starterDocument({ name: pieceName }))
  const render = useCallback(
    (code: string) => {
      if (!runnerReady.current) return
      frame.current?.contentWindow?.postMessage({ type: 'piece:render', code }, chat.previewOrigin)
    },
    [chat.previewOrigin],
  )
  useEffect(() => render(shownCode), [render, shownCode])
  // The runner says it is ready when it starts, which can be before this page listens, so
  // each load of the frame asks again. Each runner document names itself, and is rendered
  // into once: messages between two windows arrive in order, so the first render gets there.
  const askRunner = () => frame.current?.contentWindow?.postMessage({ type: 'piece:runner-hello' }, chat.previewOrigin)
  const runnerInstance = useRef<unknown>(null)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== chat.previewOrigin || event.source !== frame.current?.contentWindow) return
      const data = event.data as { type?: string; instance?: unknown }
      if (data?.type === 'piece:runner-ready' && data.instance !== runnerInstance.current) {
        runnerInstance.current = data.instance
        runnerReady.current = true
        render(shownCode)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [chat.previewOrigin, render, shownCode])

  const finishProgress = useCallback((next: Status, delay: number) => {
    setState(next)
    window.setTimeout(() => setState((current) => (current.message === next.message ? { ...current, progress: null } : current)), delay)
  }, [])

  // The event stream: progress for this Piece only, whoever started the generation.
  useEffect(() => {
    if (!hydrated) return
    const source = new EventSource(`/api/private/chat/subscribe?pieceId=${chat.pieceId}`)
    source.onmessage = (message) => {
      let event: ChatEvent
      try {
        event = JSON.parse(message.data) as ChatEvent
      } catch {
        return
      }
      if (event.pieceId !== chat.pieceId) return
      if (event.type === 'status' && event.error) {
        setLiveCode(null)
        return
      }
      if (event.type === 'status' && event.stage && event.stage !== 'idle') setState(statusFromStage(event.stage))
      if (event.type === 'progress') {
        const title = event.currentStepTitle ?? STATUS_MESSAGES.generating
        setState({ status: 'processing', message: title, progress: progressHint(title, { index: event.currentStepIndex, total: event.plannedStepsTotal }) })
        if (event.latestCode) setLiveCode(event.latestCode)
      }
      if (event.type === 'complete' && !sending.current) {
        // Started elsewhere (another tab, or before a reload): show its result.
        setLiveCode(null)
        finishProgress({ status: 'complete', message: STATUS_MESSAGES.complete, progress: 100 }, PROGRESS_CLEAR_AFTER_COMPLETE_MS)
        revalidator.revalidate()
      }
      if (event.type === 'stopped' && !sending.current) {
        setLiveCode(null)
        finishProgress({ status: 'stopped', message: STATUS_MESSAGES.stopped, progress: 0 }, PROGRESS_CLEAR_AFTER_STOP_MS)
      }
    }
    return () => source.close()
  }, [chat.pieceId, finishProgress, hydrated, revalidator])

  const saveDraft = useCallback(
    (next: DraftData) => {
      setDraft(next)
      patchDraft(chat.pieceId, { draftData: next }).catch(() => toast({ title: 'Failed to update settings', variant: 'destructive' }))
    },
    [chat.pieceId, toast],
  )

  async function send(text: string, files: Attachment[], overwrite = false) {
    if (processing || (!text.trim() && !files.length)) return
    if (isBehindLatest(draft) && !overwrite) return setConfirm('overwrite')
    const controller = new AbortController()
    sending.current = { controller, input: text, attachments: files }
    setInput('')
    setAttachments([])
    setExpanded(false)
    setOverlay(null)
    setState({ status: 'processing', message: STATUS_MESSAGES.sending, progress: 15 })
    const history = draft.exchangeHistory.slice(0, draft.historyIndex + 1)
    try {
      const response = await fetch('/api/private/piece-user-usage', {
        method: 'POST',
        signal: controller.signal,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          pieceId: chat.pieceId,
          message: text,
          attachments: files.map(({ id, type, url }) => ({ id, type, url })),
          code: codeAt(draft, chat.savedCode),
          draftData: { ...draft, currentInput: '', currentAttachments: [] },
          messageHistory: history.map((exchange) => ({ role: 'user', content: exchange.userMessage.content })),
          selectedModel: model,
        }),
      })
      const body = (await response.json().catch(() => ({}))) as { message?: string; requiresSubscription?: boolean; stopped?: boolean }
      // Stop aborts this request, which can land while its answer is still being read: the
      // half-read answer is not a result, and Stop has already said what happened.
      if (body.stopped || controller.signal.aborted) return
      if (!response.ok) {
        setInput(text)
        setAttachments(files)
        setLiveCode(null)
        if (response.status === 429 && body.message && overlayFor(body.message)) {
          setOverlay(overlayFor(body.message))
          return finishProgress({ status: 'upgrade', message: body.message, progress: 0 }, PROGRESS_CLEAR_AFTER_STOP_MS)
        }
        if (body.requiresSubscription) openPaymentDialog('upgrade-to-plus', 'chat')
        const message = response.status === 409 ? STATUS_MESSAGES.busy : (body.message ?? STATUS_MESSAGES.error)
        return finishProgress({ status: 'error', message, progress: 0 }, PROGRESS_CLEAR_AFTER_STOP_MS)
      }
      setLiveCode(null)
      finishProgress({ status: 'complete', message: STATUS_MESSAGES.complete, progress: 100 }, PROGRESS_CLEAR_AFTER_COMPLETE_MS)
      revalidator.revalidate()
    } catch {
      if (controller.signal.aborted) return
      setInput(text)
      setAttachments(files)
      setLiveCode(null)
      finishProgress({ status: 'error', message: STATUS_MESSAGES.error, progress: 0 }, PROGRESS_CLEAR_AFTER_STOP_MS)
    } finally {
      if (sending.current?.controller === controller) sending.current = null
    }
  }

  async function stop() {
    const current = sending.current
    try {
      const response = await fetch('/api/private/chat/stop', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pieceId: chat.pieceId }),
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
    } catch {
      toast({ title: 'Failed to stop generation', variant: 'destructive' })
      return
    }
    current?.controller.abort()
    sending.current = null
    if (current) {
      setInput(current.input)
      setAttachments(current.attachments)
    }
    setLiveCode(null)
    finishProgress({ status: 'stopped', message: STATUS_MESSAGES.stopped, progress: 0 }, PROGRESS_CLEAR_AFTER_STOP_MS)
  }

  async function decide(kind: 'accept' | 'reject') {
    setBusyDialog(true)
    try {
      await patchDraft(chat.pieceId, kind === 'accept' ? { code: codeAt(draft, chat.savedCode), draftData: null } : { draftData: null })
      setConfirm(null)
      setState(IDLE)
      revalidator.revalidate()
    } catch {
      toast({ title: 'Failed to update settings', variant: 'destructive' })
    } finally {
      setBusyDialog(false)
    }
  }

  function step(kind: 'undo' | 'redo') {
    const next = kind === 'undo' ? undo(draft) : redo(draft)
    if (next === draft) return
    setInput(next.currentInput)
    setAttachments(next.currentAttachments)
    setExpanded(false)
    saveDraft(next)
  }

  async function chooseModel(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.currentTarget.value as ModelId
    const option = MODELS.find((candidate) => candidate.id === next)
    if (option?.requiresSubscription && !chat.subscribed) {
      openPaymentDialog('upgrade-to-plus', 'model-picker')
      return
    }
    const previous = model
    setModel(next)
    try {
      const response = await fetch('/api/private/users/model', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ selectedModel: next }),
      })
      if (!response.ok) throw new Error(`status ${response.status}`)
    } catch {
      setModel(previous)
      toast({ title: 'Failed to update settings', variant: 'destructive' })
    }
  }

  async function addFiles(files: File[]) {
    const images = files.filter((file) => file.type.startsWith('image/'))
    if (!images.length || attachments.length + images.length + loadingImages > MAX_ATTACHMENTS) return
    setLoadingImages((count) => count + images.length)
    try {
      const read = await Promise.all(images.map(async (file) => ({ id: crypto.randomUUID(), type: 'image' as const, url: await readAsDataUrl(file) })))
      setAttachments((current) => (current.length + read.length > MAX_ATTACHMENTS ? current : [...current, ...read]))
    } catch {
      toast({ title: 'Failed to load image', variant: 'destructive' })
    } finally {
      setLoadingImages((count) => count - images.length)
    }
  }

  // The prompt parameter: placed in the input, removed from the address, and sent once per
  // Piece when the Piece was made for it; any other prompt (a link from anywhere) only fills the input.
  useEffect(() => {
    if (!hydrated || !prompt?.text.trim()) return
    navigate(`/pieces/${pieceName}`, { replace: true, preventScrollReset: true })
    const key = `pieces:prompt-sent:${chat.pieceId}`
    if (!prompt.autoSend || window.sessionStorage.getItem(key)) {
      keepFilledInput.current = true
      return setInput(prompt.text)
    }
    window.sessionStorage.setItem(key, '1')
    void send(prompt.text, [])
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    if (window.matchMedia('(pointer: coarse)').matches) return
    event.preventDefault()
    void send(input, attachments)
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    void send(input, attachments)
  }
  const autoSize = () => {
    const element = textarea.current
    if (!element) return
    element.style.height = `${INPUT_MIN_PX}px`
    element.style.height = `${Math.min(INPUT_MAX_PX, Math.max(INPUT_MIN_PX, element.scrollHeight))}px`
  }
  useEffect(autoSize, [input, expanded])

  const usage = usageBar(chat.usage.dailyTokenCount, chat.usage.tokenLimit)
  const canAttach = !processing && attachments.length + loadingImages < MAX_ATTACHMENTS
  const pending = hasPending(draft) && !processing

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] flex-col-reverse md:flex-row">
      <section aria-label="Chat" className="flex min-h-0 w-full flex-col border-t border-zinc-200 md:w-[26rem] md:border-t-0 md:border-r dark:border-zinc-800">
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
                <p className="mt-1 text-xs text-zinc-500">Built{chat.showTokenUsage ? ` · ${exchange.tokensUsed.toLocaleString('en-US')} tokens` : ''}</p>
              </li>
            ))
          )}
        </ol>

        <div className="border-t border-zinc-200 p-3 dark:border-zinc-800">
          <div className="flex items-center justify-between gap-2 text-xs">
            <p role="status" aria-live="polite" data-testid="chat-status" className="min-w-0 truncate font-medium">
              {state.message}
              {processing && hydrated ? <TypingDots /> : null}
            </p>
            <div className="flex shrink-0 gap-1">
              {processing ? (
                <Form method="post" onSubmit={(event) => (hydrated ? (event.preventDefault(), void stop()) : undefined)}>
                  <input type="hidden" name="intent" value="stop" />
                  <Button type="submit" variant="secondary" size="sm">
                    Stop
                  </Button>
                </Form>
              ) : null}
              {(state.status === 'error' || state.status === 'stopped') && hydrated ? (
                <>
                  <Button size="sm" variant="secondary" onClick={() => void send(input, attachments)} disabled={!input.trim() && !attachments.length}>
                    Retry
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setState(IDLE)}>
                    Dismiss
                  </Button>
                </>
              ) : null}
            </div>
          </div>
          <div className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden="true">
            <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${state.progress ?? 0}%` }} />
          </div>
          {!hydrated && chat.stage !== 'idle' ? <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} /> : null}

          <div className="mt-3 flex flex-wrap items-center gap-2">
            <HistoryButton intent="undo" label="Undo" disabled={processing || draft.historyIndex < 0} onClick={() => step('undo')} />
            <HistoryButton
              intent="redo"
              label="Redo"
              disabled={processing || draft.historyIndex >= draft.exchangeHistory.length - 1}
              onClick={() => step('redo')}
            />
            <span className="flex-1" />
            {pending ? (
              <>
                <HistoryButton intent="reject" label="Reject" disabled={false} onClick={() => setConfirm('reject')} />
                <HistoryButton intent="accept" label="Accept" primary disabled={false} onClick={() => setConfirm('accept')} />
              </>
            ) : null}
          </div>
        </div>

        <Form method="post" onSubmit={onSubmit} className="relative border-t border-zinc-200 p-3 dark:border-zinc-800">
          <input type="hidden" name="intent" value="send" />
          {overlay ? (
            <div
              role="dialog"
              aria-labelledby="limit-heading"
              className="absolute inset-0 z-10 grid place-items-center bg-white/95 p-4 text-center dark:bg-zinc-950/95"
            >
              <div>
                <h2 id="limit-heading" className="font-semibold">
                  {OVERLAYS[overlay].heading}
                </h2>
                <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{OVERLAYS[overlay].description}</p>
                <div className="mt-3 flex justify-center gap-2">
                  <Button size="sm" onClick={() => openPaymentDialog(overlay, 'chat-limit')}>
                    {OVERLAYS[overlay].action}
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setOverlay(null)}>
                    Not now
                  </Button>
                </div>
              </div>
            </div>
          ) : null}
          {attachments.length || loadingImages ? (
            <ul className="mb-2 flex gap-2" aria-label="Attachments">
              {Array.from({ length: loadingImages }, (_, index) => (
                <li key={`loading-${index}`} className="grid size-12 place-items-center rounded-md bg-zinc-200 dark:bg-zinc-800">
                  <span className="sr-only">Loading image</span>
                  <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-zinc-400 border-t-transparent" />
                </li>
              ))}
              {attachments.map((attachment, index) => (
                <li key={attachment.id ?? index} className="relative">
                  <img src={attachment.url} alt={`Attachment ${index + 1}`} className="size-12 rounded-md object-cover" />
                  <button
                    type="button"
                    aria-label={`Remove attachment ${index + 1}`}
                    onClick={() => setAttachments((current) => current.filter((_, position) => position !== index))}
                    className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-zinc-900 text-xs text-white"
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <label htmlFor="chat-input" className="sr-only">
            Message
          </label>
          <textarea
            ref={textarea}
            id="chat-input"
            name="message"
            rows={1}
            value={hydrated ? input : undefined}
            defaultValue={hydrated ? undefined : chat.draft.currentInput}
            onChange={(event) => setInput(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onFocus={() => setExpanded(true)}
            onPaste={(event: ClipboardEvent<HTMLTextAreaElement>) => {
              const files = Array.from(event.clipboardData.files)
              if (files.length && canAttach) {
                event.preventDefault()
                void addFiles(files)
              }
            }}
            onDrop={(event: DragEvent<HTMLTextAreaElement>) => {
              if (!event.dataTransfer.files.length) return
              event.preventDefault()
              if (canAttach) void addFiles(Array.from(event.dataTransfer.files))
            }}
            placeholder="Describe what to build or change…"
            disabled={processing && hydrated}
            style={{ minHeight: INPUT_MIN_PX, maxHeight: INPUT_MAX_PX }}
            className="block w-full resize-none bg-transparent text-sm outline-none"
          />
          <div className="mt-2 flex items-center gap-2">
            {hydrated ? (
              <label
                className={cn(
                  'cursor-pointer rounded-md px-2 py-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800',
                  !canAttach && 'pointer-events-none opacity-50',
                )}
              >
                Attach
                <input
                  type="file"
                  accept="image/*"
                  multiple
                  className="sr-only"
                  disabled={!canAttach}
                  onChange={(event) => {
                    void addFiles(Array.from(event.currentTarget.files ?? []))
                    event.currentTarget.value = ''
                  }}
                />
              </label>
            ) : null}
            <label className="sr-only" htmlFor="chat-model">
              Model
            </label>
            {hydrated ? (
              <select
                id="chat-model"
                value={model}
                onChange={(event) => void chooseModel(event)}
                disabled={processing}
                className="h-7 rounded-md border border-zinc-300 bg-transparent px-1 text-xs dark:border-zinc-700"
              >
                {MODELS.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                    {option.requiresSubscription && !chat.subscribed ? ' (PLUS)' : ''}
                  </option>
                ))}
              </select>
            ) : null}
            <span className="ml-auto flex items-center gap-1.5" title="Tokens used today" data-testid="chat-token-usage">
              <span
                role="progressbar"
                aria-label="Tokens used today"
                aria-valuemin={0}
                aria-valuemax={chat.usage.tokenLimit}
                aria-valuenow={Math.min(chat.usage.dailyTokenCount, chat.usage.tokenLimit)}
                className="h-1.5 w-12 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
              >
                <span className={cn('block h-full rounded-full', usage.warning ? 'bg-amber-500' : 'bg-brand-500')} style={{ width: `${usage.percent}%` }} />
              </span>
              <span className={cn('text-xs tabular-nums', usage.warning ? 'text-amber-500' : 'text-zinc-500')}>
                {compactTokens(chat.usage.dailyTokenCount)} / {compactTokens(chat.usage.tokenLimit)}
              </span>
            </span>
            <Button type="submit" size="sm" disabled={hydrated && (processing || (!input.trim() && !attachments.length))}>
              Send
            </Button>
          </div>
        </Form>
      </section>

      <div className="min-h-0 flex-1">
        {hydrated ? (
          <iframe
            ref={frame}
            src={chat.runnerUrl}
            onLoad={askRunner}
            title={`${pieceName} preview`}
            sandbox="allow-forms allow-scripts allow-same-origin allow-modals allow-popups"
            referrerPolicy="no-referrer"
            className="block h-full w-full border-0 bg-white"
          />
        ) : (
          <iframe
            src={chat.draftPreviewUrl}
            title={`${pieceName} preview`}
            sandbox="allow-forms allow-scripts allow-same-origin"
            referrerPolicy="no-referrer"
            className="block h-full w-full border-0 bg-white"
          />
        )}
      </div>

      {hydrated ? <AgenticBridge frame={frame} previewOrigin={chat.previewOrigin} pieceId={chat.pieceId} signedIn /> : null}
      <Dialog
        open={confirm === 'overwrite'}
        onClose={() => setConfirm(null)}
        title="Confirm Overwrite"
        description="Sending from here replaces the later steps of this history. Continue?"
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setConfirm(null)
              void send(input, attachments, true)
            }}
          >
            Overwrite
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={confirm === 'accept' || confirm === 'reject'}
        busy={busyDialog}
        onClose={() => setConfirm(null)}
        title={confirm === 'reject' ? 'Reject Generation' : 'Accept Generation'}
        description={
          confirm === 'reject'
            ? 'This discards the generated changes and restores the saved Piece.'
            : 'This saves the Piece as shown in the preview and clears the history.'
        }
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirm(null)} disabled={busyDialog}>
            Cancel
          </Button>
          <Button
            variant={confirm === 'reject' ? 'destructive' : 'primary'}
            pending={busyDialog}
            onClick={() => void decide(confirm === 'reject' ? 'reject' : 'accept')}
          >
            {confirm === 'reject' ? 'Reject' : 'Accept'}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}

/** Undo, Redo, Accept and Reject: buttons with JavaScript, forms without. */
function HistoryButton({
  intent,
  label,
  disabled,
  primary = false,
  onClick,
}: {
  intent: string
  label: string
  disabled: boolean
  primary?: boolean
  onClick: () => void
}) {
  const hydrated = useHydrated()
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!hydrated) return
        event.preventDefault()
        onClick()
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" size="sm" variant={primary ? 'primary' : 'secondary'} disabled={disabled}>
        {label}
      </Button>
    </Form>
  )
}

function TypingDots() {
  return (
    <span aria-hidden="true" className="ml-1 inline-flex gap-0.5 align-middle">
      {[0, 1, 2].map((dot) => (
        <span key={dot} className="size-1 animate-bounce rounded-full bg-current" style={{ animationDelay: `${dot * 168}ms` }} />
      ))}
    </span>
  )
}
