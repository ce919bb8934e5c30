import { useEffect, useRef, useState, type PointerEvent } from 'react'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'

export const CROP_AREA_PX = 350
const OUTPUT_MAX_PX = 512
const CROP_JPEG_QUALITY = 0.9

type Offset = { x: number; y: number }

/** Where the image sits in the square so it always covers it, for a zoom and pan. */
export function coverLayout(width: number, height: number, zoom: number, offset: Offset, area = CROP_AREA_PX) {
  const scale = (area / Math.min(width, height)) * zoom
  const shownWidth = width * scale
  const shownHeight = height * scale
  const clamp = (value: number, shown: number) => Math.min(0, Math.max(area - shown, value))
  const left = clamp((area - shownWidth) / 2 + offset.x, shownWidth)
  const top = clamp((area - shownHeight) / 2 + offset.y, shownHeight)
  return { scale, left, top, shownWidth, shownHeight, source: { x: -left / scale, y: -top / scale, size: area / scale } }
}

/**
 * The icon crop dialog: a 350 px square crop area with aspect 1; drag to move, slider to
 * zoom. Applying draws the square into a JPEG (quality 0.9) data URL.
 */
export function IconCropDialog({
  file,
  busy,
  onApply,
  onCancel,
  onError,
}: {
  file: File
  busy: boolean
  onApply: (dataUrl: string) => void
  onCancel: () => void
  onError: (message: 'load' | 'init' | 'crop') => void
}) {
  const [image, setImage] = useState<HTMLImageElement | null>(null)
  const [zoom, setZoom] = useState(1)
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 })
  const drag = useRef<{ x: number; y: number; start: Offset } | null>(null)

  useEffect(() => {
    let url: string
    try {
      url = URL.createObjectURL(file)
    } catch {
      onError('init')
      return
    }
    const element = new Image()
    element.onload = () => setImage(element)
    element.onerror = () => onError('load')
    element.src = url
    return () => URL.revokeObjectURL(url)
  }, [file, onError])

  const layout = image ? coverLayout(image.naturalWidth, image.naturalHeight, zoom, offset) : null

  function apply() {
    if (!image || !layout) return
    try {
      const size = Math.max(1, Math.min(OUTPUT_MAX_PX, Math.round(layout.source.size)))
      const canvas = document.createElement('canvas')
      canvas.width = size
      canvas.height = size
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no 2d context')
      context.drawImage(image, layout.source.x, layout.source.y, layout.source.size, layout.source.size, 0, 0, size, size)
      onApply(canvas.toDataURL('image/jpeg', CROP_JPEG_QUALITY))
    } catch {
      onError('crop')
    }
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, start: offset }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    setOffset({ x: start.start.x + event.clientX - start.x, y: start.start.y + event.clientY - start.y })
  }

  return (
    <Dialog open title="Crop icon" description="Drag to move the image; use the slider to zoom." onClose={onCancel} busy={busy}>
      <div
        className="relative mx-auto touch-none overflow-hidden rounded-xl bg-zinc-100 select-none dark:bg-zinc-800"
        style={{ width: CROP_AREA_PX, height: CROP_AREA_PX, maxWidth: '100%' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        data-testid="crop-area"
      >
        {image && layout ? (
          <img
            src={image.src}
            alt="Icon being cropped"
            draggable={false}
            className="pointer-events-none absolute max-w-none"
            style={{ left: layout.left, top: layout.top, width: layout.shownWidth, height: layout.shownHeight }}
          />
        ) : null}
      </div>
      <label className="mt-4 flex items-center gap-3 text-sm">
        <span>Zoom</span>
        <input type="range" min={1} max={3} step={0.01} value={zoom} onChange={(event) => setZoom(Number(event.currentTarget.value))} className="flex-1" />
      </label>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={apply} pending={busy} disabled={!image}>
          Apply
        </Button>
      </div>
    </Dialog>
  )
}
