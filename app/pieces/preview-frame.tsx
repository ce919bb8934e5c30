import { forwardRef } from 'react'
import { cn } from '~/ui/cn'

/**
 * A Piece's document, framed from the preview origin. `allow-same-origin` is safe only
 * because that origin is not ours: the Piece keeps its own storage and cannot reach the app.
 */
export const PreviewFrame = forwardRef<HTMLIFrameElement, { src: string; name: string; className?: string }>(function PreviewFrame(
  { src, name, className },
  ref,
) {
  return (
    <iframe
      ref={ref}
      src={src}
      title={`${name} preview`}
      sandbox="allow-forms allow-scripts allow-same-origin"
      referrerPolicy="no-referrer"
      className={cn('block h-full w-full border-0 bg-white', className)}
    />
  )
})
