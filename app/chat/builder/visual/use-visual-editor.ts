import { codeVersion } from '~/pieces/code-version'
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { z } from 'zod'
import { STYLE_PROPERTIES, styleValue, VisualEditWords, type StyleProperty, type VisualChange, type VisualEditBatch } from '~/generation/visual/edits'
import { firstError } from '~/lib/form-reply'
import type { ChatFormReply } from '../../schema'

/** The element picked in the preview, as the picker describes it (frame/label.ts `describe`). */
const PickedElementSchema = z.object({
  /** Its place in the code; null when the Piece's script or the browser's corrections made it. */
  at: z.number().nullable(),
  tag: z.string(),
  label: z.string(),
  /** Its text, when it holds only text. */
  text: z.string().nullable(),
  textContent: z.string(),
  /** Its style attribute as the code has it. */
  style: z.string().nullable(),
  /** What the page shows, for the fields' first values. */
  computed: z.partialRecord(z.enum(STYLE_PROPERTIES), z.string()),
  outerHTML: z.string(),
  ancestors: z.array(z.string()),
})
export type PickedElement = z.infer<typeof PickedElementSchema>
/** A message from the picker in the preview. */
const PickerMessage = z.object({ type: z.string(), on: z.unknown().optional(), element: PickedElementSchema.nullable().optional() })
const isStyleProperty = (name: string): name is StyleProperty => STYLE_PROPERTIES.some((property) => property === name)

/** What the panel has changed so far: the text, style properties, hidden, removed. */
export type PendingChange = { text?: string; style: Partial<Record<StyleProperty, string>>; hidden?: boolean }

/** The batch Apply sends: each field that changed, with what the code has now. */
export function batchOf(code: string, element: PickedElement, change: PendingChange, remove = false): VisualEditBatch | null {
  if (element.at === null) return null
  const changes: VisualChange[] = []
  if (remove) changes.push({ kind: 'remove', from: element.textContent })
  else {
    if (change.text !== undefined && element.text !== null && change.text !== element.text) changes.push({ kind: 'text', from: element.text, to: change.text })
    for (const [property, value] of Object.entries(change.style)) {
      if (!isStyleProperty(property) || value === undefined) continue
      const from = styleValue(element.style, property)
      if (value !== from) changes.push({ kind: 'style', property, from, to: value })
    }
    if (change.hidden) changes.push({ kind: 'style', property: 'display', from: styleValue(element.style, 'display'), to: 'none' })
  }
  return changes.length ? { version: codeVersion(code), at: element.at, tag: element.tag, changes } : null
}

/** The stamped document with the picker, made when the mode is on and again when the code changes (after an Apply). */
function useStampedDocument(on: boolean, code: string) {
  const [stamped, setStamped] = useState<{ code: string; document: string } | null>(null)
  useEffect(() => {
    if (!on) return setStamped(null)
    let live = true
    // Loaded only now: it brings the HTML parser.
    void import('./visual-document').then(({ visualDocument }) => live && setStamped({ code, document: visualDocument(code) }))
    return () => {
      live = false
    }
  }, [on, code])
  return stamped
}

/** A refused Apply says why in the panel, until the next pick (`clear`). */
function useRefusal(reply: ChatFormReply | undefined) {
  const [refusal, setRefusal] = useState<string | null>(null)
  useEffect(() => {
    if (reply && !reply.ok) setRefusal(firstError(reply.result) ?? VisualEditWords.failed)
  }, [reply])
  return [refusal, setRefusal] as const
}

type FrameMessages = {
  on: boolean
  /** The document the preview shows: each starts its picker afresh. */
  shown: unknown
  frame: RefObject<HTMLIFrameElement>
  previewOrigin: string
  post: (message: Record<string, unknown>) => void
  turn: (on: boolean) => void
  pick: (element: PickedElement | null) => void
}

/** What the picker in the preview says (ready, an element picked, Escape), and Escape in the page. */
function useFrameMessages({ on, shown, frame, previewOrigin, post, turn, pick }: FrameMessages) {
  const picking = useRef(pick)
  picking.current = pick
  // Whether the picker in the preview is listening.
  const [active, activate] = useState(false)
  useEffect(() => activate(false), [shown, on])
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || event.source !== frame.current?.contentWindow) return
      const parsed = PickerMessage.safeParse(event.data)
      if (!parsed.success) return
      const { data } = parsed
      if (data.type === 'visual:ready' && on) post({ type: 'visual:mode', on: true })
      if (data.type === 'visual:active') activate(Boolean(data.on) && on)
      if (data.type === 'visual:selected' && on) picking.current(data.element ?? null)
      if (data.type === 'visual:exit') turn(false)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [on, previewOrigin, frame, post, turn])

  // Escape in the page leaves the mode as it does in the preview.
  useEffect(() => {
    if (!on) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && turn(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [on, turn])
  return active
}

/**
 * Issue 30: the visual editor's state on the chat page — the mode, the element picked, the
 * changes shown in the preview at once, and Apply (a chat form, `visual-edit`). The preview
 * renders the stamped document with the picker while the mode is on.
 */
export function useVisualEditor({
  code,
  frame,
  previewOrigin,
  at,
  available,
}: {
  code: string
  frame: RefObject<HTMLIFrameElement>
  previewOrigin: string
  at: number
  available: boolean
}) {
  const [on, setOn] = useState(false)
  const [picked, setPicked] = useState<PickedElement | null>(null)
  const [change, setChange] = useState<PendingChange>({ style: {} })
  const stamped = useStampedDocument(on, code)
  const fetcher = useFetcher<ChatFormReply>()
  const [refusal, setRefusal] = useRefusal(fetcher.state === 'idle' ? fetcher.data : undefined)

  const post = useCallback((message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(message, previewOrigin), [frame, previewOrigin])
  const clear = useCallback(() => {
    setPicked(null)
    setChange({ style: {} })
    setRefusal(null)
  }, [setRefusal])
  const turn = useCallback(
    (next: boolean) => {
      setOn(next)
      clear()
      if (!next) post({ type: 'visual:mode', on: false })
    },
    [clear, post],
  )

  // The mode needs code to edit and no build on its way.
  useEffect(() => {
    if (on && !available) turn(false)
  }, [on, available, turn])

  useEffect(() => clear(), [code, clear])
  const active = useFrameMessages({
    on,
    shown: stamped,
    frame,
    previewOrigin,
    post,
    turn,
    pick: (element) => {
      clear()
      setPicked(element)
    },
  })

  const update = (next: PendingChange) => {
    setChange(next)
    post({ type: 'visual:preview', change: { text: next.text ?? null, style: next.style, hidden: next.hidden } })
  }
  const apply = (remove = false) => {
    if (!picked) return
    const batch = batchOf(code, picked, change, remove)
    if (!batch) return
    fetcher.submit({ intent: 'visual-edit', edit: JSON.stringify(batch), at: String(at) }, { method: 'post' })
  }
  // Deselecting puts the element back as the code has it.
  const cancel = () => (post({ type: 'visual:deselect' }), clear())

  return {
    on,
    active,
    toggle: () => turn(!on),
    turnOff: () => turn(false),
    picked,
    change,
    update,
    apply,
    cancel,
    applying: fetcher.state !== 'idle',
    refusal: fetcher.state === 'idle' ? refusal : null,
    /** Words the message box can start from when the edit is one for the assistant. */
    describe: () => (picked ? `The selected element (${picked.label}): ` : ''),
    /** What the preview renders: the stamped document while the mode is on (once made for this code). */
    rendered: (shown: string) => (on && stamped?.code === code ? stamped.document : shown),
    canApply: Boolean(picked && picked.at !== null && batchOf(code, picked, change)),
    /** Issue 30.4: what a send carries while an element with a place is picked (the send-form's `target`). */
    target: on && picked && picked.at !== null ? JSON.stringify({ version: codeVersion(code), at: picked.at, tag: picked.tag }) : null,
  }
}

export type VisualEditor = ReturnType<typeof useVisualEditor>
