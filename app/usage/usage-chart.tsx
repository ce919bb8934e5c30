import { calendarDate, shortDate } from '~/lib/dates'
import { compactTokens, formatTokens } from './format'
import type { UsageHistory } from './history'

/** The Pieces drawn in colours of their own, most first; the others share one. */
const COLOURED = 5
const PIECE_FILLS = ['fill-brand-500', 'fill-sky-500', 'fill-emerald-500', 'fill-amber-500', 'fill-rose-500']
const PIECE_SWATCHES = ['bg-brand-500', 'bg-sky-500', 'bg-emerald-500', 'bg-amber-500', 'bg-rose-500']
const OTHER_FILL = 'fill-zinc-400 dark:fill-zinc-500'
const OTHER_SWATCH = 'bg-zinc-400 dark:bg-zinc-500'

const WIDTH = 600
const HEIGHT = 160
/** Days named under the chart: the last one and every week before it. */
const LABEL_EVERY = 7

/**
 * Issue 29.2: tokens per day over the last 30 days, a bar a day, stacked by Piece. Plain
 * SVG drawn on the server: it shows without JavaScript. The table under it says the same
 * for screen readers and in numbers.
 */
export function UsageChart({ history }: { history: UsageHistory }) {
  const coloured = history.pieces.slice(0, COLOURED)
  const fillOf = (pieceId: number) => {
    const index = coloured.findIndex((piece) => piece.id === pieceId)
    return index === -1 ? OTHER_FILL : PIECE_FILLS[index]!
  }
  const most = Math.max(1, ...history.days.map((day) => day.total))
  const slot = WIDTH / history.days.length
  const scale = (tokens: number) => (tokens / most) * HEIGHT
  const total = history.days.reduce((sum, day) => sum + day.total, 0)
  const labelled = history.days.filter((_, index) => (history.days.length - 1 - index) % LABEL_EVERY === 0)
  const hasRest = history.days.some((day) => day.rest > 0)
  return (
    <figure>
      <p className="mb-1 text-[11px] text-zinc-500">{compactTokens(most)} tokens</p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Tokens per day over the last ${history.days.length} days: ${formatTokens(total)} in all`}
        className="h-auto w-full"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth={1} />
        {history.days.map((day, index) => {
          let top = HEIGHT
          const parts = [...day.pieces.map((part) => ({ tokens: part.tokens, fill: fillOf(part.pieceId) })), { tokens: day.rest, fill: OTHER_FILL }]
          return (
            <g key={day.day}>
              <title>{`${calendarDate(day.day)}: ${formatTokens(day.total)} tokens`}</title>
              {parts
                .filter((part) => part.tokens > 0)
                .map((part, partIndex) => {
                  const height = Math.max(1, scale(part.tokens))
                  top -= height
                  return <rect key={partIndex} x={index * slot + 2} y={top} width={slot - 4} height={height} rx={1.5} className={part.fill} />
                })}
            </g>
          )
        })}
      </svg>
      <div aria-hidden="true" className="mt-1 flex justify-between text-[11px] text-zinc-500">
        {labelled.map((day) => (
          <span key={day.day}>{shortDate(day.day)}</span>
        ))}
      </div>
      <figcaption className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {coloured.map((piece, index) => (
          <span key={piece.id} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${PIECE_SWATCHES[index]}`} />
            {piece.name} · {compactTokens(piece.tokens)}
          </span>
        ))}
        {hasRest || history.pieces.length > COLOURED ? (
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${OTHER_SWATCH}`} />
            {history.pieces.length > COLOURED ? 'Other Pieces and actions' : 'Agentic actions'}
          </span>
        ) : null}
      </figcaption>
    </figure>
  )
}
