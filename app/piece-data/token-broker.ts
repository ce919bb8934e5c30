import { useEffect, useRef, useState } from 'react'
import { brokerDataTokens, type BrokerOptions, type RecordingData } from './data-broker'
import { DATA_MESSAGES } from './messages'

export type { RecordingData } from './data-broker'

/** The broker on a page with React, for as long as the component is shown. */
export function useDataTokenBroker(options: Omit<BrokerOptions, 'messages'>) {
  const { previewOrigin, pieceId, space } = options
  const checkSpace = options.recording?.space
  const checkVisitor = options.recording?.visitor
  useEffect(() => {
    const recording = checkSpace && checkVisitor ? { space: checkSpace, visitor: checkVisitor } : null
    return brokerDataTokens({ previewOrigin, pieceId, space, recording, messages: DATA_MESSAGES })
  }, [previewOrigin, pieceId, space, checkSpace, checkVisitor])
}

/**
 * The editor's preview (issue 39.4): the owner's test data at first, the public data when
 * they switch; a switch loads the Piece again so that it asks for the new space's token. While
 * a check is recorded, the recording's own data as the visitor acting (the recorder's document
 * changes with them, so the Piece is loaded again and asks anew).
 */
export function useEditorDataSpace(props: { previewOrigin: string; pieceId: number; reload: () => void; recording: RecordingData | null }) {
  const { previewOrigin, pieceId, reload, recording } = props
  const [space, setSpace] = useState<'test' | 'live'>('test')
  useDataTokenBroker({ previewOrigin, pieceId, space, recording })
  const shown = useRef(space)
  useEffect(() => {
    if (shown.current === space) return
    shown.current = space
    reload()
  }, [space, reload])
  return [space, setSpace] as const
}
