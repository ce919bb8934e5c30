import { useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ArrivingPrompt } from '~/pieces/prompt.server'

/**
 * Spec 2 §2's prompt parameter: placed in the input, removed from the address, and sent
 * once per Piece when the Piece was made for it; any other prompt (a link from anywhere)
 * only fills the input.
 */
export function useArrivingPrompt({
  prompt,
  pieceId,
  pieceName,
  hydrated,
  send,
  fillInput,
}: {
  prompt: ArrivingPrompt | null
  pieceId: number
  pieceName: string
  hydrated: boolean
  send: (text: string) => void
  fillInput: (text: string) => void
}) {
  const navigate = useNavigate()
  const arrived = useRef(false)
  useEffect(() => {
    // Once, on arrival.
    if (!hydrated || arrived.current) return
    arrived.current = true
    if (!prompt?.text.trim()) return
    navigate(`/pieces/${pieceName}`, { replace: true, preventScrollReset: true })
    const key = `pieces:prompt-sent:${pieceId}`
    if (!prompt.autoSend || window.sessionStorage.getItem(key)) return fillInput(prompt.text)
    window.sessionStorage.setItem(key, '1')
    send(prompt.text)
  }, [fillInput, hydrated, navigate, pieceId, pieceName, prompt, send])
}
