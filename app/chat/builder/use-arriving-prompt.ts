import { useLocation, useNavigate } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ArrivingPrompt } from '~/pieces/schema'

/**
 * Spec 2 §2's prompt parameter: placed in the input, removed from the address, and sent
 * once per Piece when the Piece was made for it; any other prompt (a link from anywhere)
 * only fills the input. Every arrival counts, also a second one into a page already open.
 */
export function useArrivingPrompt({
  prompt,
  pieceId,
  pieceName,
  send,
  fillInput,
}: {
  prompt: ArrivingPrompt | null
  pieceId: number
  pieceName: string
  send: (text: string) => void
  fillInput: (text: string) => void
}) {
  const navigate = useNavigate()
  const { key } = useLocation()
  const arrived = useRef<string | null>(null)
  useEffect(() => {
    // Once per arrival (a page load or a navigation), not on every reload of the page's data.
    if (arrived.current === key) return
    arrived.current = key
    if (!prompt?.text.trim()) return
    navigate(`/pieces/${pieceName}`, { replace: true, preventScrollReset: true })
    const sentKey = `pieces:prompt-sent:${pieceId}`
    if (!prompt.autoSend || window.sessionStorage.getItem(sentKey)) return fillInput(prompt.text)
    window.sessionStorage.setItem(sentKey, '1')
    send(prompt.text)
  }, [fillInput, key, navigate, pieceId, pieceName, prompt, send])
}
