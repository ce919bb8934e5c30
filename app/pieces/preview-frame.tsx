import { cn } from '~/ui/cn'

/**
 * A Piece's document, framed from the preview origin. `allow-same-origin` is safe only
 * because that origin is not ours: the Piece keeps its own storage and cannot reach the app.
 */
export function PreviewFrame({ src, name, className }: { src: string; name: string; className?: string }) {
  return (
    <iframe
      src={src}
      title={`${name} preview`}
      sandbox="allow-forms allow-scripts allow-same-origin"
      referrerPolicy="no-referrer"
      className={cn('block h-full w-full border-0 bg-white', className)}
    />
  )
}
