import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { z } from 'zod'
import { announceChecksChanged } from '~/checks/checks-changed'
import {
  CHECK_STEPS_MAX,
  CheckStepSchema,
  CheckWords,
  CreateCheckBody,
  isExpectation,
  proposedName,
  visitorsOf,
  type CheckStep,
  type CheckVisitor,
} from '~/checks/schema'
import { useToast } from '~/ui/toaster'

/** What the recorder in the preview is doing: the person uses the Piece, or picks what must be true. */
export type RecorderMode = 'use' | 'pick'
/** Why something done in the preview did not become a step (the recorder says `check:skipped`; `full` is the panel's). */
export type SkipReason = keyof typeof CheckWords.recording.skipped

const isSkipReason = (reason: unknown): reason is SkipReason => typeof reason === 'string' && Object.keys(CheckWords.recording.skipped).includes(reason)

/** The recorder's document, made when recording starts, again for each take, visitor (issue 39.6) and when the code changes. */
function useRecorderDocument(on: boolean, code: string, take: number, visitor: CheckVisitor) {
  const [made, setMade] = useState<{ code: string; document: string } | null>(null)
  useEffect(() => {
    if (!on) return setMade(null)
    let live = true
    // Loaded only now: the recorder's bundled script is text only recording needs.
    void import('./recorder-document').then(({ recorderDocument }) => live && setMade({ code, document: recorderDocument(code, take, visitor) }))
    return () => {
      live = false
    }
  }, [on, code, take, visitor])
  return made
}

/**
 * A recording's data of its own (issue 39.6), new for each take, so it starts empty as each
 * run of the check does. Made from getRandomValues, which (unlike randomUUID) an http page on
 * the local network has too.
 */
const recordingSpace = (): `check:${string}` =>
  `check:rec-${Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')}`

/** A message from the recorder in the preview (read, not trusted: each part is parsed where it is used). */
const HeardSchema = z.object({
  type: z.string(),
  take: z.unknown().optional(),
  mode: z.unknown().optional(),
  step: z.unknown().optional(),
  options: z.unknown().optional(),
  reason: z.unknown().optional(),
})
type Heard = z.infer<typeof HeardSchema>
/** The API's refusal, in words. */
const Refusal = z.object({ message: z.string() })

/** Messages from the recorder of the current take (an older document's are dropped), and Escape in the page. */
function useRecorderMessages(props: {
  on: boolean
  take: number
  frame: RefObject<HTMLIFrameElement>
  previewOrigin: string
  hear: (message: Heard) => void
  cancel: () => void
}) {
  const { on, take, frame, previewOrigin, cancel } = props
  const hearing = useRef(props.hear)
  hearing.current = props.hear
  useEffect(() => {
    if (!on) return
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || event.source !== frame.current?.contentWindow) return
      const heard = HeardSchema.safeParse(event.data)
      if (heard.success && heard.data.type.startsWith('check:') && heard.data.take === take) hearing.current(heard.data)
    }
    // Escape in the page cancels, as it leaves the visual editor; in the preview it is the Piece's (a step).
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !event.defaultPrevented && cancel()
    window.addEventListener('message', onMessage)
    window.addEventListener('keydown', onKey)
    return () => {
      window.removeEventListener('message', onMessage)
      window.removeEventListener('keydown', onKey)
    }
  }, [on, take, frame, previewOrigin, cancel])
}

/** Save: the API's POST, its refusal in words, and a toast and the page signal on success. */
function useSaveCheck(pieceId: number, done: () => void) {
  const toast = useToast()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const save = async (name: string, steps: CheckStep[]) => {
    const body = CreateCheckBody.safeParse({ name, steps })
    if (!body.success) return setError(body.error.issues[0]?.message ?? CheckWords.recording.saveFailed)
    setSaving(true)
    setError(null)
    try {
      const response = await fetch(`/api/private/pieces/${pieceId}/checks`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body.data),
      })
      if (!response.ok) {
        const refusal = Refusal.safeParse(await response.json().catch(() => ({})))
        return setError(refusal.success ? refusal.data.message : CheckWords.recording.saveFailed)
      }
      toast({ title: CheckWords.saved, variant: 'success' })
      announceChecksChanged(pieceId)
      done()
    } catch {
      setError(CheckWords.recording.saveFailed)
    } finally {
      setSaving(false)
    }
  }
  return { save, saving, error, setError }
}

const sameTarget = (one: CheckStep, other: CheckStep) => 'target' in one && 'target' in other && JSON.stringify(one.target) === JSON.stringify(other.target)

/** The steps so far: typing into the same field twice in a row is one fill (its last value); at most CHECK_STEPS_MAX. */
function withStep(steps: CheckStep[], step: CheckStep): CheckStep[] | null {
  const last = steps.at(-1)
  if (step.action === 'fill' && last?.action === 'fill' && sameTarget(last, step)) return [...steps.slice(0, -1), step]
  return steps.length >= CHECK_STEPS_MAX ? null : [...steps, step]
}

/**
 * A recording: its take, steps, the other options the last pick proposed (its first is a
 * step already), the name typed, and what was not recorded.
 */
function useRecording() {
  const [take, setTake] = useState(0)
  const [space, setSpace] = useState(recordingSpace)
  const [steps, setSteps] = useState<CheckStep[]>([])
  // What else the last pick could check, in place of the step it added: null when none is offered; empty when nothing there can be checked.
  const [options, setOptions] = useState<CheckStep[] | null>(null)
  // The name typed; null while it is the proposed one.
  const [name, setName] = useState<string | null>(null)
  const [note, setNote] = useState<SkipReason | null>(null)
  // The recorder's mode, as it says it; null until the current take's recorder listens.
  const [active, setActive] = useState<RecorderMode | null>(null)
  const restart = useCallback(() => {
    setTake((take) => take + 1)
    setSpace(recordingSpace())
    setSteps([])
    setOptions(null)
    setName(null)
    setNote(null)
    setActive(null)
  }, [])
  // Steps can arrive two in one task (a fill, then the click that ended the typing): each builds on the last.
  // A new step ends the offer to change the last pick's (it would no longer be the last).
  const add = (step: CheckStep) => {
    setSteps((steps) => withStep(steps, step) ?? steps)
    setNote(null)
    setOptions(null)
  }
  return { take, space, steps, setSteps, options, setOptions, name, setName, note, setNote, active, setActive, restart, add }
}

/**
 * Issue 31.1: recording a check on the chat page. While on, the preview shows the code at the
 * current point with the recorder (`rendered`); what the person does comes back as steps,
 * what they pick as options for what must be true, and Save sends the check to the API.
 * Nothing is kept until then. `onStart` turns the visual editor off (the modes are exclusive).
 */
export function useCheckRecorder(props: {
  code: string
  frame: RefObject<HTMLIFrameElement>
  previewOrigin: string
  pieceId: number
  available: boolean
  onStart: () => void
}) {
  const { code, frame, previewOrigin, pieceId, available } = props
  const [on, setOn] = useState(false)
  const recording = useRecording()
  const { take, steps, restart } = recording
  // Who acts now: the first visitor until a switch (issue 39.6).
  const visitor = visitorsOf(steps).at(-1) ?? 1
  const made = useRecorderDocument(on, code, take, visitor)
  const post = useCallback((message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(message, previewOrigin), [frame, previewOrigin])
  const cancel = useCallback(() => setOn(false), [])
  const saving = useSaveCheck(pieceId, cancel)
  const { setError } = saving

  // Each recording starts afresh, and so does one whose code changed under it (an Undo elsewhere).
  useEffect(() => {
    restart()
    setError(null)
  }, [on, code, restart, setError])
  // Recording needs code and no build on its way.
  useEffect(() => {
    if (on && !available) cancel()
  }, [on, available, cancel])

  useRecorderMessages({ on, take, frame, previewOrigin, cancel, hear: (message) => heard(recording, message, post) })
  const setMode = (mode: RecorderMode) => post({ type: 'check:mode', mode })

  return {
    on,
    active: recording.active,
    steps,
    options: recording.options,
    note: steps.length >= CHECK_STEPS_MAX ? 'full' : recording.note,
    name: recording.name ?? proposedName(steps),
    setName: recording.setName,
    canSave: steps.some(isExpectation) && !saving.saving,
    saving: saving.saving,
    error: saving.error,
    toggle: () => (on ? cancel() : (props.onStart(), setOn(true))),
    cancel,
    startOver: restart,
    pick: () => setMode('pick'),
    use: () => (recording.setOptions(null), setMode('use')),
    /** Another thing the last pick could check, in place of the one it added. */
    choose: (option: CheckStep) => {
      recording.setSteps((steps) => [...steps.slice(0, -1), option])
      recording.setOptions(null)
    },
    remove: (index: number) => {
      // Taking a switch out changes who acts: the preview loads the Piece again as them.
      if (steps[index]?.action === 'switch-visitor') recording.setActive(null)
      recording.setSteps((steps) => steps.filter((_, at) => at !== index))
    },
    /** Issue 39.6: who the Piece acts as, and the data it acts on (the token broker asks for that visitor's token). */
    visitor,
    data: on ? { space: recording.space, visitor } : null,
    /** The other visitor acts from here: a step, then the preview loads the Piece again as them (the steps are kept). */
    switchVisitor: () => {
      if (steps.length >= CHECK_STEPS_MAX) return
      recording.add({ action: 'switch-visitor', visitor: visitor === 1 ? 2 : 1 })
      recording.setActive(null)
    },
    save: () => void saving.save(recording.name ?? proposedName(steps), steps),
    /** What the preview renders: the recorder's document while recording (once made for this code). */
    rendered: (shown: string) => (on && made?.code === code ? made.document : shown),
  }
}

/** One message from the recorder: it listens (answered with the mode), says its mode, a step, options, or what it skipped. */
function heard(recording: ReturnType<typeof useRecording>, message: Heard, post: (message: Record<string, unknown>) => void) {
  if (message.type === 'check:ready') post({ type: 'check:mode', mode: 'use' })
  if (message.type === 'check:active') recording.setActive(message.mode === 'pick' ? 'pick' : 'use')
  if (message.type === 'check:step') {
    const step = CheckStepSchema.safeParse(message.step)
    // A switch of visitor is the panel's alone.
    if (step.success && step.data.action !== 'switch-visitor') recording.add(step.data)
    else recording.setNote('unlocatable')
  }
  if (message.type === 'check:expect' && Array.isArray(message.options)) {
    // One click: the first thing the pick could check is a step at once, and the Piece is for using again.
    const [first, ...others] = message.options.flatMap((option) => CheckStepSchema.safeParse(option).data ?? [])
    if (!first) return recording.setOptions([])
    recording.add(first)
    recording.setOptions(others.length ? others : null)
    post({ type: 'check:mode', mode: 'use' })
  }
  if (message.type === 'check:skipped' && isSkipReason(message.reason)) recording.setNote(message.reason)
}

export type CheckRecorder = ReturnType<typeof useCheckRecorder>
