import { Fragment } from 'react'
import { cn } from '~/ui/cn'
import type { Attachment } from '~/pieces/draft-schema'
import { WithJs } from '~/ui/with-js'

/** The images attached to the message being written, and those still being read; without `onRemove`, or without JavaScript, they stay as they are. */
export function AttachmentList({ attachments, loading, onRemove }: { attachments: Attachment[]; loading: number; onRemove?: (index: number) => void }) {
  if (!attachments.length && !loading) return null
  return (
    <ul className="mb-2 flex gap-2" aria-label="Attachments">
      {Array.from({ length: loading }, (_, index) => (
        <li key={`loading-${index}`} className="grid size-12 place-items-center rounded-md bg-zinc-200 dark:bg-zinc-800">
          <span className="sr-only">Loading image</span>
          <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-zinc-400 border-t-transparent" />
        </li>
      ))}
      {attachments.map((attachment, index) => (
        <li key={attachment.id ?? index} className="relative">
          <img src={attachment.url} alt={`Attachment ${index + 1}`} className="size-12 rounded-md object-cover" />
          {onRemove ? (
            <WithJs>
              <button
                type="button"
                aria-label={`Remove attachment ${index + 1}`}
                onClick={() => onRemove(index)}
                className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-zinc-900 text-xs text-white"
              >
                ×
              </button>
            </WithJs>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** Spec 2 §5: Attach, off at the limit and while processing. */
export function AttachButton({ enabled, onFiles }: { enabled: boolean; onFiles: (files: File[]) => void }) {
  return (
    <label className={cn('cursor-pointer rounded-md px-2 py-1 text-xs hover:bg-zinc-100 dark:hover:bg-zinc-800', !enabled && 'pointer-events-none opacity-50')}>
      Attach
      <input
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        disabled={!enabled}
        onChange={(event) => {
          onFiles(Array.from(event.currentTarget.files ?? []))
          event.currentTarget.value = ''
        }}
      />
    </label>
  )
}

/**
 * Attach without JavaScript (spec 2 §5): the browser's own file picker, posted with the
 * message (multipart). The server reads the images and holds them to the same rules: at
 * most three with those already attached, 8 MB together.
 */
export function ImagePicker({ enabled }: { enabled: boolean }) {
  return (
    <label className={cn('mt-2 flex min-w-0 items-center gap-2 text-xs', !enabled && 'opacity-50')}>
      <span className="shrink-0">Attach</span>
      <input
        type="file"
        name="images"
        accept="image/*"
        multiple
        disabled={!enabled}
        className="min-w-0 flex-1 text-xs file:mr-2 file:rounded-md file:border file:border-zinc-300 file:bg-transparent file:px-2 file:py-1 file:text-xs file:text-inherit dark:file:border-zinc-700"
      />
    </label>
  )
}

/** The images as fields of the prompt form (`attachments[0].url`…), so they travel with the message. */
export function AttachmentFields({ attachments }: { attachments: Attachment[] }) {
  return attachments.map((attachment, index) => (
    <Fragment key={attachment.id ?? index}>
      <input type="hidden" name={`attachments[${index}].type`} value={attachment.type} />
      <input type="hidden" name={`attachments[${index}].url`} value={attachment.url} />
      {attachment.id ? <input type="hidden" name={`attachments[${index}].id`} value={attachment.id} /> : null}
    </Fragment>
  ))
}
