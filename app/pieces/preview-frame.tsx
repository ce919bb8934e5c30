import { forwardRef } from 'react'
import { useLocation } from '@remix-run/react'
import { cn } from '~/ui/cn'

export const PreviewMessages = {
  elsewhere: 'Previews can’t be shown at this address.',
  openAt: (origin: string) => `Open Pieces at ${origin}`,
} as const

/**
 * A Piece's document, framed from the preview origin. `allow-same-origin` is safe only
 * because that origin is not ours: the Piece keeps its own storage and cannot reach the app.
 * Opened at an address the preview origin does not accept (APP_ORIGIN is set to another),
 * the frame would be refused; `elsewhere` then says where Pieces works instead.
 */
export const PreviewFrame = forwardRef<HTMLIFrameElement, { src: string; name: string; className?: string; elsewhere?: string | null }>(function PreviewFrame(
  { src, name, className, elsewhere },
  ref,
) {
  if (elsewhere) return <PreviewElsewhere origin={elsewhere} />
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

/** In place of a preview that this address cannot frame: where to open Pieces, at the same page. */
export function PreviewElsewhere({ origin }: { origin: string }) {
  const { pathname, search } = useLocation()
  return (
    <div role="status" className="flex h-full items-center justify-center bg-zinc-50 p-6 text-center dark:bg-zinc-900">
      <p className="max-w-sm text-sm text-zinc-600 dark:text-zinc-300">
        {PreviewMessages.elsewhere}{' '}
        <a href={`${origin}${pathname}${search}`} className="font-medium text-zinc-950 underline underline-offset-2 dark:text-white">
          {PreviewMessages.openAt(origin)}
        </a>
      </p>
    </div>
  )
}
