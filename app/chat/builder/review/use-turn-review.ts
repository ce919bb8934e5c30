import { useFetcher, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import { isDiffOperation } from '~/generation/patch'
import { buildSubset, replayTurn } from '~/generation/review/operations'
import { codeVersion } from '~/pieces/code-version'
import { codeAt, type DraftData } from '~/pieces/draft'
import { useFormReply } from '~/ui/use-form-reply'
import type { ChatFormReply } from '../../schema'
import { usePreviewRunner } from '../use-preview-runner'
import type { ChatData } from '../../types'
import type * as ReviewDocument from './review-document'
import type { ExchangeReview } from './types'

type Outliner = typeof ReviewDocument

/** The turn at the current point, as the review reads it: the code it was asked of, its operations, its result and its review. */
function useCurrentTurn(draft: DraftData, savedCode: string, reviews: readonly ExchangeReview[]) {
  const index = draft.historyIndex
  const exchange = draft.exchangeHistory[index]
  const result = exchange?.assistantMessage.content ?? ''
  const base = codeAt({ ...draft, historyIndex: index - 1 }, savedCode)
  const patches = exchange?.note ? undefined : exchange?.assistantMessage.patches
  return useMemo(() => {
    const operations = (patches ?? []).filter(isDiffOperation)
    const version = codeVersion(result)
    const review = reviews.find((candidate) => candidate.exchange === index && candidate.version === version) ?? null
    const replay = operations.length && operations.length === patches?.length ? replayTurn(base, operations, result) : ({ ok: false } as const)
    return { index, base, result, operations, version, review, replay }
  }, [index, base, result, patches, reviews])
}

/** Loads the review's document maker (it brings the HTML parser) once a review opens. */
function useOutliner(open: boolean) {
  const [outliner, setOutliner] = useState<Outliner | null>(null)
  useEffect(() => {
    if (!open || outliner) return
    let live = true
    void import('./review-document').then((module) => live && setOutliner(module))
    return () => {
      live = false
    }
  }, [open, outliner])
  return outliner
}

/** While a review is open: the chosen version stamped with the outliner, and the outline of the change hovered, focused or pinned. */
function useOutline({
  open,
  code,
  kept,
  outlined,
  turn,
  frame,
  previewOrigin,
}: {
  open: boolean
  code: string
  kept: number[]
  outlined: number | null
  turn: ReturnType<typeof useCurrentTurn>
  frame: RefObject<HTMLIFrameElement>
  previewOrigin: string
}) {
  const outliner = useOutliner(open)
  const stamped = useMemo(() => (open && outliner ? { code, document: outliner.reviewDocument(code) } : null), [open, outliner, code])

  const post = useCallback((message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(message, previewOrigin), [frame, previewOrigin])
  const at = open && outliner && outlined !== null && kept.includes(outlined) ? outliner.elementOfChange(turn.base, turn.operations, kept, outlined) : null
  const latestAt = useRef(at)
  latestAt.current = at
  useEffect(() => post({ type: 'review:outline', at }), [post, at, stamped])
  // Each review document's outliner says when it listens: it gets the outline at once.
  useEffect(() => {
    if (!open) return
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || event.source !== frame.current?.contentWindow) return
      if ((event.data as { type?: unknown } | null)?.type === 'review:ready') post({ type: 'review:outline', at: latestAt.current })
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [open, previewOrigin, frame, post])

  return { outliner, stamped }
}

/**
 * Issue 40: the review of the turn at the current point (the newest, with no build on its
 * way): which changes are off, the version with the others built at once in the browser
 * (buildSubset: no server, no model), what went with a change turned off, the outline in the
 * preview of the change hovered or focused (or pinned, on a phone), and "Apply these changes"
 * (a chat form, `review-apply`). While a review is open the preview shows the chosen version
 * stamped, with the outliner.
 */
export function useTurnReview({
  chat,
  draft,
  frame,
  available,
}: {
  chat: Pick<ChatData, 'savedCode' | 'reviews' | 'previewOrigin'>
  draft: DraftData
  frame: RefObject<HTMLIFrameElement>
  /** With JavaScript, no build on its way and no other mode of the preview on. */
  available: boolean
}) {
  const { savedCode, reviews, previewOrigin } = chat
  const turn = useCurrentTurn(draft, savedCode, reviews)
  const interactive = available && draft.historyIndex === draft.exchangeHistory.length - 1 && turn.replay.ok && turn.review?.reviewable === true
  const key = `${turn.index}:${turn.version}`
  const [choice, setChoice] = useState<{ key: string; off: number[] }>({ key, off: [] })
  const off = useMemo(() => (choice.key === key ? choice.off : []), [choice, key])
  const [openKey, setOpenKey] = useState<string | null>(null)
  const open = interactive && openKey === key
  const [hovered, setHovered] = useState<number | null>(null)
  const [pinned, setPinned] = useState<number | null>(null)
  useEffect(() => {
    setHovered(null)
    setPinned(null)
  }, [key])

  // A turn that arrived by the event stream has no review in the page's data yet: the data is read again once for it.
  const { revalidate } = useRevalidator()
  const asked = useRef<string | null>(null)
  const missing = available && turn.replay.ok && !turn.review
  useEffect(() => {
    if (!missing || asked.current === key) return
    asked.current = key
    revalidate()
  }, [missing, key, revalidate])

  const all = useMemo(() => turn.operations.map((_, index) => index), [turn.operations])
  const subset = useMemo(() => {
    if (!interactive || !off.length || !turn.replay.ok) return null
    return buildSubset(
      turn.base,
      turn.operations,
      turn.replay,
      all.filter((index) => !off.includes(index)),
    )
  }, [interactive, off, turn, all])
  const kept = subset?.kept ?? all
  const code = subset?.code ?? turn.result

  const { outliner, stamped } = useOutline({ open, code, kept, outlined: hovered ?? pinned, turn, frame, previewOrigin })

  const fetcher = useFetcher<ChatFormReply>()
  // A refusal is its toast (a draft that changed meanwhile, a conflict while building).
  useFormReply(fetcher, { dialog: false })

  return {
    interactive,
    exchange: turn.index,
    open,
    setOpen: (next: boolean) => setOpenKey(next ? key : null),
    off,
    /** Turns change `index` on or off; the version with the others shows at once. */
    toggle: (index: number, on: boolean) =>
      setChoice({ key, off: on ? off.filter((other) => other !== index) : [...off, index].sort((one, other) => one - other) }),
    kept,
    /** The changes left out because they need one turned off (on, but not in the version). */
    carried: all.filter((index) => !off.includes(index) && !kept.includes(index)),
    changed: off.length > 0,
    hover: setHovered,
    /** On a phone: the change to outline once the preview is shown. */
    pin: setPinned,
    outlined: hovered ?? pinned,
    Form: fetcher.Form,
    applying: fetcher.state !== 'idle',
    at: draft.historyIndex,
    /** What the preview renders: the chosen version (stamped, with the outliner, while the review is open). */
    rendered: (shown: string) => (!interactive ? shown : stamped?.code === code ? stamped.document : off.length ? code : shown),
    /** The element change `index` touched in the turn's result, as a send's target (issue 30.4); null when it has none there. */
    targetOf: (index: number) => {
      if (!outliner) return null
      const place = outliner.elementOfChange(turn.base, turn.operations, all, index)
      const tag = place === null ? null : /^<([a-zA-Z][\w:-]*)/.exec(turn.result.slice(place))?.[1]
      return place === null || !tag ? null : JSON.stringify({ version: turn.version, at: place, tag: tag.toLowerCase() })
    },
  }
}

export type TurnReviewState = ReturnType<typeof useTurnReview>

/** A mode of the preview with a document of its own (the visual editor, the check recorder). */
type PreviewMode = { on: boolean; rendered: (code: string) => string }

/**
 * The editor's preview with the review: the choice of the newest turn's changes shows under
 * the modes' documents (`modes`, innermost first), and only while none of them is on.
 */
export function useReviewedPreview(props: {
  chat: Pick<ChatData, 'savedCode' | 'reviews' | 'previewOrigin'>
  draft: DraftData
  frame: RefObject<HTMLIFrameElement>
  available: boolean
  shownCode: string
  modes: PreviewMode[]
}) {
  const { chat, draft, frame, available, shownCode, modes } = props
  const review = useTurnReview({ chat, draft, frame, available: available && modes.every((mode) => !mode.on) })
  const code = modes.reduce((shown, mode) => mode.rendered(shown), review.rendered(shownCode))
  const runner = usePreviewRunner(chat.previewOrigin, code, frame)
  return { review, runner }
}
