import { useLocation } from '@remix-run/react'
import { useCallback, useRef, useState } from 'react'
import { WithJs } from '~/ui/with-js'
import { Button, buttonClasses } from '~/ui/button'
import { useToast } from '~/ui/toaster'
import { IconCropDialog } from '../icon-crop-dialog'
import { PieceIcon } from '../piece-icon'
import { PIECES_RESOURCE, PieceMessages, type MenuPiece } from '../schema'
import { PieceFields, Section } from './section'
import { usePieceFetcher } from './use-piece-fetcher'

type PieceFetcher = ReturnType<typeof usePieceFetcher>

/**
 * The Piece's icon. With JavaScript a chosen image goes through the crop dialog and is
 * posted as the cropped file; without it the form posts the file and the server takes
 * the centred square. Remove is the same form either way.
 */
export function IconSection({ piece }: { piece: MenuPiece }) {
  const location = useLocation()
  const toast = useToast()
  const [file, setFile] = useState<File | null>(null)
  const upload = usePieceFetcher('icon', { onSettled: () => setFile(null) })
  const remove = usePieceFetcher('remove-icon')
  const uploading = upload.state !== 'idle'

  const onCropError = useCallback(
    (kind: 'load' | 'init' | 'crop') => {
      setFile(null)
      const titles = { load: PieceMessages.loadImageFailed, init: PieceMessages.imageEditorFailed, crop: PieceMessages.cropFailed }
      toast({ title: titles[kind], variant: 'destructive' })
    },
    [toast],
  )
  const onApply = (dataUrl: string) => {
    const form = new FormData()
    for (const [key, value] of Object.entries({ intent: 'icon', id: String(piece.id), returnTo: location.pathname, cropped: 'on' })) form.set(key, value)
    form.set('icon', dataUrlToFile(dataUrl))
    upload.submit(form, { method: 'post', action: PIECES_RESOURCE, encType: 'multipart/form-data', preventScrollReset: true })
  }

  return (
    <Section title="Icon">
      <WithJs
        fallback={
          <>
            <IconUploadForm piece={piece} fetcher={upload} />
            {piece.icon ? <RemoveIconForm piece={piece} fetcher={remove} className="mt-2" /> : null}
          </>
        }
      >
        <div className="flex items-center gap-2">
          <PieceIcon icon={piece.icon} name={piece.name} className="size-8" />
          <IconPicker onChoose={setFile} pending={uploading} label={piece.icon ? 'Change icon' : 'Choose icon'} />
          {piece.icon ? <RemoveIconForm piece={piece} fetcher={remove} disabled={uploading} /> : null}
        </div>
        {file ? <IconCropDialog file={file} busy={uploading} onCancel={() => setFile(null)} onError={onCropError} onApply={onApply} /> : null}
      </WithJs>
    </Section>
  )
}

/** Without JavaScript: the file itself, cropped to the centred square by the server. */
function IconUploadForm({ piece, fetcher }: { piece: MenuPiece; fetcher: PieceFetcher }) {
  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} encType="multipart/form-data" className="flex flex-wrap items-center gap-2">
      <PieceFields piece={piece} intent="icon" />
      <label className="sr-only" htmlFor="piece-icon-file">
        Icon image
      </label>
      <input id="piece-icon-file" type="file" name="icon" accept="image/*" required className="max-w-full text-xs" />
      <button type="submit" className={buttonClasses('secondary', 'sm')}>
        Upload icon
      </button>
    </fetcher.Form>
  )
}

function RemoveIconForm({ piece, fetcher, disabled, className }: { piece: MenuPiece; fetcher: PieceFetcher; disabled?: boolean; className?: string }) {
  return (
    <fetcher.Form method="post" action={PIECES_RESOURCE} preventScrollReset className={className}>
      <PieceFields piece={piece} intent="remove-icon" />
      <Button type="submit" variant="ghost" size="sm" disabled={disabled} pending={fetcher.state !== 'idle'}>
        Remove icon
      </Button>
    </fetcher.Form>
  )
}

/** A hidden file input behind a button; the chosen file goes to the crop dialog. */
function IconPicker({ onChoose, pending, label }: { onChoose: (file: File) => void; pending: boolean; label: string }) {
  const picker = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label="Icon image"
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (chosen) onChoose(chosen)
        }}
      />
      <Button variant="ghost" size="sm" onClick={() => picker.current?.click()} pending={pending}>
        {label}
      </Button>
    </>
  )
}

/** The crop dialog's JPEG data URL as the file the form posts. */
function dataUrlToFile(dataUrl: string) {
  const [head = '', body = ''] = dataUrl.split(',', 2)
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'image/jpeg'
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0))
  return new File([bytes], 'icon.jpg', { type })
}
