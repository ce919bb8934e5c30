import { useCallback, useEffect, useRef, useState } from 'react'
import { useHydrated } from '~/lib/hydrated'

/**
 * Editing in place (the Piece menu's Rename and Description, a check's Rename): with
 * JavaScript a value and a button that opens the field (`editing`); without, the field is
 * there (`fieldShown` either way). docs/decisions/0046, 0056.
 */
export function useEditInPlace() {
  const js = useHydrated()
  const [editing, setEditing] = useState(false)
  const open = useCallback(() => setEditing(true), [])
  const close = useCallback(() => setEditing(false), [])
  return { editing: js && editing, fieldShown: !js || editing, open, close }
}

/** The field of an edit in place: it takes the focus (its text selected when `select`) as it opens on a click, never on a page load. */
export function useFocusWhenOpened<Field extends HTMLInputElement | HTMLTextAreaElement>({ select = false } = {}) {
  const field = useRef<Field>(null)
  const js = useHydrated()
  useEffect(() => {
    if (!js) return
    if (select) field.current?.select()
    else field.current?.focus()
  }, [js, select])
  return field
}
