import { useId } from 'react'
import { VisualEditMessages, VisualEditWords, type StyleProperty } from '~/generation/visual/edits'
import { Button } from '~/ui/button'
import { cn } from '~/ui/cn'
import type { VisualEditor } from './use-visual-editor'

/** 'rgb(12, 34, 56)' (what the browser computes) as '#0c2238', for a colour field; transparent is null. */
export function toHex(color: string | undefined): string | null {
  if (!color) return null
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase()
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(color)
  if (!match || match[4] === '0') return null
  return `#${[match[1], match[2], match[3]].map((part) => Number(part).toString(16).padStart(2, '0')).join('')}`
}

const px = (value: string | undefined) => (value && /^-?\d+(\.\d+)?px$/.test(value) ? String(Math.round(Number.parseFloat(value))) : '')

const ALIGNMENTS = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
] as const

const field = 'w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100'

/**
 * Issue 30.2: the panel of the visual editor, over the bottom of the preview. It says how
 * to pick; for the element picked, its text (when it holds only text), colour, background,
 * font size, weight, alignment, spacing, hiding and removing, each shown in the preview at
 * once; Apply makes them a version. A refusal says why and offers to ask the assistant.
 */
export function VisualPanel({ visual, onAsk }: { visual: VisualEditor; onAsk: () => void }) {
  const { picked, change, update } = visual
  const ask = (
    <Button variant="secondary" size="sm" onClick={onAsk}>
      {VisualEditWords.askInstead}
    </Button>
  )
  return (
    <section
      aria-label="Visual editor"
      className="absolute inset-x-2 bottom-2 z-10 max-h-[60%] overflow-y-auto rounded-xl border border-zinc-200 bg-white/95 p-3 text-sm text-zinc-900 shadow-xl backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-100"
    >
      {!visual.active && !picked ? (
        <p className="text-zinc-600 dark:text-zinc-300" data-testid="visual-loading" aria-busy="true">
          Getting the preview ready…
        </p>
      ) : !picked ? (
        <p className="text-zinc-600 dark:text-zinc-300" data-testid="visual-hint">
          Click an element of the preview to change it. Tab moves through the elements, Enter picks one, Escape leaves.
        </p>
      ) : (
        <div className="space-y-3">
          <div className="flex items-center gap-2">
            <p className="min-w-0 flex-1 truncate font-medium" data-testid="visual-picked">
              {picked.label}
            </p>
            <Button variant="ghost" size="sm" onClick={visual.cancel}>
              Cancel
            </Button>
          </div>
          {picked.at === null ? (
            <div role="alert" className="space-y-2 rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              <p>{VisualEditMessages.unplaced}</p>
              {ask}
            </div>
          ) : (
            <>
              {picked.text !== null ? (
                <label className="block">
                  <span className="mb-1 block text-xs font-medium text-zinc-500">Text</span>
                  <textarea
                    rows={2}
                    className={field}
                    value={change.text ?? picked.text}
                    onChange={(event) => update({ ...change, text: event.target.value })}
                  />
                </label>
              ) : null}
              <StyleFields visual={visual} />
              {visual.refusal ? (
                <div
                  role="alert"
                  className="space-y-2 rounded-lg bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                  data-testid="visual-refusal"
                >
                  <p>{visual.refusal}</p>
                  {ask}
                </div>
              ) : null}
              <div className="flex flex-wrap items-center gap-2">
                <Button size="sm" disabled={!visual.canApply} pending={visual.applying} onClick={() => visual.apply()}>
                  Apply
                </Button>
                <Button variant="secondary" size="sm" disabled={visual.applying} onClick={() => visual.apply(true)}>
                  Remove element
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  )
}

/** The element's look: colour, background, font size, weight, alignment, spacing and hiding, each shown in the preview at once. */
function StyleFields({ visual }: { visual: VisualEditor }) {
  const { picked, change, update } = visual
  const id = useId()
  const setStyle = (property: StyleProperty, value: string) => update({ ...change, style: { ...change.style, [property]: value } })
  const styleShown = (property: StyleProperty) => change.style[property] ?? picked?.computed[property]
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <ColourField label="Colour" value={toHex(styleShown('color')) ?? '#000000'} onChange={(value) => setStyle('color', value)} />
        <ColourField label="Background" value={toHex(styleShown('background-color')) ?? '#ffffff'} onChange={(value) => setStyle('background-color', value)} />
        <label className="block">
          <span className="mb-1 block text-xs font-medium text-zinc-500">Font size (px)</span>
          <input
            type="number"
            min={6}
            max={200}
            className={field}
            value={px(styleShown('font-size'))}
            onChange={(event) => setStyle('font-size', event.target.value ? `${event.target.value}px` : '')}
          />
        </label>
        <label className="block">
          <span className="mb-1 block text-xs font-medium text-zinc-500">Weight</span>
          <select
            className={field}
            value={Number(styleShown('font-weight')) >= 600 || styleShown('font-weight') === 'bold' ? '700' : '400'}
            onChange={(event) => setStyle('font-weight', event.target.value)}
          >
            <option value="400">Normal</option>
            <option value="700">Bold</option>
          </select>
        </label>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-zinc-500">Alignment</legend>
          <div className="flex rounded-md border border-zinc-300 dark:border-zinc-700">
            {ALIGNMENTS.map((option) => (
              <button
                key={option.value}
                type="button"
                aria-pressed={styleShown('text-align') === option.value}
                onClick={() => setStyle('text-align', option.value)}
                className={cn(
                  'px-2.5 py-1.5 text-xs first:rounded-l-md last:rounded-r-md',
                  styleShown('text-align') === option.value && 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900',
                )}
              >
                {option.label}
              </button>
            ))}
          </div>
        </fieldset>
        <PixelField label="Padding (px)" value={change.style.padding} onChange={(value) => setStyle('padding', value)} />
        <PixelField label="Margin (px)" value={change.style.margin} onChange={(value) => setStyle('margin', value)} />
        <label className="flex items-center gap-2 pb-1.5">
          <input id={`${id}-hide`} type="checkbox" checked={Boolean(change.hidden)} onChange={(event) => update({ ...change, hidden: event.target.checked })} />
          <span>Hide</span>
        </label>
      </div>
    </>
  )
}

/** A spacing in whole pixels; empty takes it away. */
function PixelField({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string) => void }) {
  return (
    <label className="block w-24">
      <span className="mb-1 block text-xs font-medium text-zinc-500">{label}</span>
      <input
        type="number"
        min={0}
        max={400}
        className={field}
        value={px(value)}
        onChange={(event) => onChange(event.target.value ? `${event.target.value}px` : '')}
      />
    </label>
  )
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="block">
      <span className="mb-1 block text-xs font-medium text-zinc-500">{label}</span>
      <input type="color" className="h-9 w-full cursor-pointer rounded-md" value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  )
}
