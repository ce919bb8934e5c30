import { useValueOnceJs } from '~/ui/with-js'
import { useEffect, useRef, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react'

/** The message box, which other parts of the chat focus (the visual editor's "Ask the assistant instead"). */
export const MESSAGE_INPUT_ID = 'chat-input'

const INPUT_MIN_PX = 26
const INPUT_MAX_PX = 200

/**
 * Spec 2 §2 and §5: the message, 26 px collapsed and at most 200 px; Enter sends (not on
 * touch devices), Shift+Enter breaks the line; images can be pasted or dropped in.
 */
export function PromptInput({
  value,
  expanded,
  disabled,
  canAttach,
  onChange,
  onExpand,
  onEnter,
  onFiles,
  placeholder,
}: {
  value: string
  expanded: boolean
  disabled: boolean
  canAttach: boolean
  onChange: (value: string) => void
  onExpand: () => void
  onEnter: () => void
  onFiles: (files: File[]) => void
  /** Said in the empty box instead of the usual prompt (issue 30.4: an element is picked). */
  placeholder?: string
}) {
  const textarea = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    const element = textarea.current
    if (!element) return
    element.style.height = `${INPUT_MIN_PX}px`
    element.style.height = `${Math.min(INPUT_MAX_PX, Math.max(INPUT_MIN_PX, element.scrollHeight))}px`
  }, [value, expanded])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    if (window.matchMedia('(pointer: coarse)').matches) return
    event.preventDefault()
    onEnter()
  }
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files)
    if (files.length && canAttach) {
      event.preventDefault()
      onFiles(files)
    }
  }
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    if (!event.dataTransfer.files.length) return
    event.preventDefault()
    if (canAttach) onFiles(Array.from(event.dataTransfer.files))
  }

  return (
    <>
      <label htmlFor={MESSAGE_INPUT_ID} className="sr-only">
        Message
      </label>
      <textarea
        ref={textarea}
        id={MESSAGE_INPUT_ID}
        name="message"
        rows={1}
        {...useValueOnceJs(value)}
        onChange={(event) => onChange(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={onExpand}
        onPaste={onPaste}
        onDrop={onDrop}
        placeholder={placeholder ?? 'Describe what to build or change…'}
        disabled={disabled}
        style={{ minHeight: INPUT_MIN_PX, maxHeight: INPUT_MAX_PX }}
        className="block w-full resize-none bg-transparent text-sm outline-none"
      />
    </>
  )
}
