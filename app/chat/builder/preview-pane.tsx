import type { ReactNode, RefObject } from 'react'
import { PreviewElsewhere } from '~/pieces/preview-frame'
import { cn } from '~/ui/cn'
import { WithJs } from '~/ui/with-js'

/**
 * The preview: with JavaScript the runner on the Piece's origin, which shows the draft as
 * it is built; without it, the draft's page.
 */
export function PreviewPane({
  className,
  frame,
  onRunnerLoad,
  runnerUrl,
  draftPreviewUrl,
  pieceName,
  elsewhere,
  toolbar,
  children,
  below,
}: {
  /** Where the builder shows it (on a phone, only in its view). */
  className?: string
  frame: RefObject<HTMLIFrameElement>
  onRunnerLoad: () => void
  runnerUrl: string
  draftPreviewUrl: string
  pieceName: string
  elsewhere: string | null
  /** Over the preview, with JavaScript: the visual editor's toggle (issue 30). */
  toolbar?: ReactNode
  /** Over the bottom of the preview: the visual editor's panel. */
  children?: ReactNode
  /** Under the preview, which gives it the room (issue 31: the check recorder's panel, so no part of the Piece is out of reach). */
  below?: ReactNode
}) {
  return (
    <div className={cn('relative flex min-h-0 flex-1 flex-col', className)}>
      {toolbar}
      <div className="relative min-h-0 flex-1">
        {elsewhere ? (
          <PreviewElsewhere origin={elsewhere} />
        ) : (
          <WithJs fallback={<DraftPage url={draftPreviewUrl} pieceName={pieceName} />}>
            <iframe
              ref={frame}
              src={runnerUrl}
              onLoad={onRunnerLoad}
              title={`${pieceName} preview`}
              sandbox="allow-forms allow-scripts allow-same-origin allow-modals allow-popups"
              referrerPolicy="no-referrer"
              className="block h-full w-full border-0 bg-white"
            />
          </WithJs>
        )}
        {children}
      </div>
      {below}
    </div>
  )
}

/** The draft's page, for a page without JavaScript (no runner to build it in). */
function DraftPage({ url, pieceName }: { url: string; pieceName: string }) {
  return (
    <iframe
      src={url}
      title={`${pieceName} preview`}
      sandbox="allow-forms allow-scripts allow-same-origin"
      referrerPolicy="no-referrer"
      className="block h-full w-full border-0 bg-white"
    />
  )
}
