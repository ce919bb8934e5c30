import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { announceChecksChanged } from '~/checks/checks-changed'
import { CHECK_STEPS_MAX, CheckStepSchema, CheckWords, CreateCheckBody, isExpectation, proposedName, type CheckStep } from '~/checks/schema'
import { useToast } from '~/ui/toaster'

/** What the recorder in the preview is doing: the person uses the Piece, or picks what must be true. */
export type RecorderMode = 'use' | 'pick'
/** Why something done in the preview did not become a step (the recorder says `check:skipped`; `full` is the panel's). */
export type SkipReason = keyof typeof CheckWords.recording.skipped

const SKIP_REASONS = Object.keys(CheckWords.recording.skipped) as SkipReason[]

/** The recorder's document, made when recording starts, again for each take and when the code changes. */
function useRecorderDocument(on: boolean, code: string, take: number) {
  const [made, setMade] = useState<{ code: string; document: string } | null>(null)
  useEffect(() => {
    if (!on) return setMade(null)
    let live = true
    // Loaded only now: the recorder's bundled script is text only recording needs.
    void import('./recorder-document').then(({ recorderDocument }) => live && setMade({ code, document: recorderDocument(code, take) }))
    return () => {
      live = false
    }
  }, [on, code, take])
  return made
}

type Heard = { type: string; mode?: unknown; step?: unknown; options?: unknown; reason?: unknown }

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
      const data = event.data as (Heard & { take?: unknown }) | null
      if (typeof data?.type === 'string' && data.type.startsWith('check:') && data.take === take) hearing.current(data)
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
        const answer = (await response.json().catch(() => ({}))) as { message?: unknown }
        return setError(typeof answer.message === 'string' ? answer.message : CheckWords.recording.saveFailed)
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
  return { take, steps, setSteps, options, setOptions, name, setName, note, setNote, active, setActive, restart, add }
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
  const made = useRecorderDocument(on, code, take)
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
    remove: (index: number) => recording.setSteps((steps) => steps.filter((_, at) => at !== index)),
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
    if (step.success) recording.add(step.data)
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
  if (message.type === 'check:skipped' && SKIP_REASONS.includes(message.reason as SkipReason)) recording.setNote(message.reason as SkipReason)
}

export type CheckRecorder = ReturnType<typeof useCheckRecorder>
