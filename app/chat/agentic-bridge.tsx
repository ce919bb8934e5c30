import { useNavigate } from '@remix-run/react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { z } from 'zod'
import { openPaymentDialog } from '~/lib/payment-dialog'
import { AGENTIC_PROCEED_DELAY_MS } from '~/lib/constants'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { useToast } from '~/ui/toaster'
import { normalizeAgenticResult } from './agentic-normalize'
import { overlayFor } from './builder/overlays'
import { ChatToasts } from './messages'

export const AGENTIC_CONFIRM_DEFAULT = 'This will consume tokens. Proceed?'

/**
 * Proceed stays off for a moment after the dialog opens, and again after the window comes
 * back into focus: a Piece can open the dialog right under a click it asked for (a
 * double-click, or a click on another window), and that click must not spend tokens.
 */
function useArmedAfterDelay(open: boolean) {
  const [armed, setArmed] = useState(false)
  useEffect(() => {
    setArmed(false)
    if (!open) return
    let timer = 0
    const arm = () => {
      setArmed(false)
      window.clearTimeout(timer)
      timer = window.setTimeout(() => setArmed(true), AGENTIC_PROCEED_DELAY_MS)
    }
    arm()
    window.addEventListener('focus', arm)
    document.addEventListener('visibilitychange', arm)
    return () => {
      window.clearTimeout(timer)
      window.removeEventListener('focus', arm)
      document.removeEventListener('visibilitychange', arm)
    }
  }, [open])
  return armed
}

/** A field a Piece sent as text, or nothing when it sent something else. */
const text = z.string().optional().catch(undefined)
/** What a Piece asks for (a message from its frame, so read, never trusted). */
const AgenticRequest = z.object({
  type: z.literal('agentic:execute'),
  id: z.unknown().optional(),
  input: z.unknown().optional(),
  instruction: text,
  mode: text,
  name: text,
  confirm: text,
})
type Request = z.infer<typeof AgenticRequest>
/** The server's answer to a call (an answer that is not JSON reads as an empty one). */
const AgenticReply = z.object({
  message: text,
  result: z.unknown().optional(),
  data: z.unknown().optional(),
  tokensUsed: z.number().optional().catch(undefined),
  requiresSubscription: z.boolean().optional().catch(undefined),
})

/**
 * The agentic bridge: a Piece framed from the preview origin asks with
 * `postMessage({ type: 'agentic:execute', ... })`; only messages from that origin and
 * from our own frame are heard. The user confirms ('Confirm Agentic Action'), the call
 * runs, and the frame gets `agentic:result` or `agentic:error` ('cancelled' when declined).
 */
export function AgenticBridge({
  frame,
  previewOrigin,
  pieceId,
  signedIn,
}: {
  frame: RefObject<HTMLIFrameElement | null>
  previewOrigin: string
  pieceId: number
  signedIn: boolean
}) {
  const navigate = useNavigate()
  const toast = useToast()
  const [pending, setPending] = useState<Request | null>(null)
  const [busy, setBusy] = useState(false)
  const latest = useRef<Request | null>(null)
  const armed = useArmedAfterDelay(pending !== null)

  const reply = (message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(message, previewOrigin)

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || !frame.current || event.source !== frame.current.contentWindow) return
      const parsed = AgenticRequest.safeParse(event.data)
      if (!parsed.success) return
      const { data } = parsed
      if (!signedIn) {
        navigate('/signup')
        return
      }
      latest.current = data
      setPending(data)
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [frame, navigate, previewOrigin, signedIn])

  const cancel = () => {
    if (busy || !pending) return
    reply({ type: 'agentic:error', id: pending.id, error: 'cancelled' })
    setPending(null)
  }

  async function run() {
    const request = pending
    if (!request) return
    setBusy(true)
    try {
      const response = await fetch('/api/private/agentic/execute', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ input: request.input, instruction: request.instruction, mode: request.mode ?? 'auto', name: request.name, pieceId }),
      })
      const answer = AgenticReply.safeParse(await response.json().catch(() => ({})))
      const body = answer.success ? answer.data : AgenticReply.parse({})
      if (response.status === 401) {
        navigate('/signup')
        return
      }
      if (!response.ok) {
        if (response.status === 429 && body.message) openPaymentDialog(overlayFor(body.message) ?? 'upgrade-to-plus', 'agentic')
        else if (body.requiresSubscription) openPaymentDialog('upgrade-to-plus', 'agentic')
        reply({ type: 'agentic:error', id: request.id, error: body.message ?? ChatToasts.agenticFailed })
        return
      }
      reply({
        type: 'agentic:result',
        id: request.id,
        result: normalizeAgenticResult(body.result),
        data: normalizeAgenticResult(body.data),
        tokensUsed: body.tokensUsed,
        message: body.message,
      })
    } catch {
      toast({ title: ChatToasts.agenticFailed, variant: 'destructive' })
      reply({ type: 'agentic:error', id: request.id, error: ChatToasts.agenticFailed })
    } finally {
      setBusy(false)
      setPending(null)
    }
  }

  return (
    <Dialog
      open={pending !== null}
      busy={busy}
      onClose={cancel}
      title="Confirm Agentic Action"
      description={pending?.confirm?.trim() || AGENTIC_CONFIRM_DEFAULT}
    >
      {pending?.name ? <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">{pending.name}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={cancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void run()} pending={busy} disabled={!armed}>
          Proceed
        </Button>
      </div>
    </Dialog>
  )
}
