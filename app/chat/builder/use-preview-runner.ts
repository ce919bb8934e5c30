import { useCallback, useEffect, useRef, type RefObject } from 'react'

/**
 * The editor's preview: a runner document on the Piece's own origin, into which the page
 * posts the code to show (`piece:render`).
 */
export function usePreviewRunner(previewOrigin: string, code: string, frame: RefObject<HTMLIFrameElement>) {
  const runnerReady = useRef(false)
  const render = useCallback(
    (code: string) => {
      if (!runnerReady.current) return
      frame.current?.contentWindow?.postMessage({ type: 'piece:render', code }, previewOrigin)
    },
    [previewOrigin, frame],
  )
  useEffect(() => render(code), [render, code])
  // The runner says it is ready when it starts, which can be before this page listens, so
  // each load of the frame asks again. Each runner document names itself, and is rendered
  // into once: messages between two windows arrive in order, so the first render gets there.
  const askRunner = () => frame.current?.contentWindow?.postMessage({ type: 'piece:runner-hello' }, previewOrigin)
  const runnerInstance = useRef<unknown>(null)
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || event.source !== frame.current?.contentWindow) return
      const data: unknown = event.data
      if (typeof data !== 'object' || data === null || !('type' in data) || data.type !== 'piece:runner-ready') return
      const instance = 'instance' in data ? data.instance : undefined
      if (instance !== runnerInstance.current) {
        runnerInstance.current = instance
        runnerReady.current = true
        render(code)
      }
    }
    window.addEventListener('message', onMessage)
    return () => window.removeEventListener('message', onMessage)
  }, [previewOrigin, render, code, frame])
  // The same code again: the Piece starts over (its data token is asked for anew).
  const reload = useCallback(() => render(code), [render, code])
  return { frame, askRunner, reload }
}
