import type { FormEvent } from 'react'
import { openPaymentDialog } from '~/lib/payment-dialog'
import { cn } from '~/ui/cn'
import { PIECE_VISIBILITIES, PIECES_RESOURCE, VISIBILITY_LABELS, type MenuPiece, type PieceVisibility } from '../schema'
import { PieceFields, Section } from './section'
import { usePieceFetcher } from './use-piece-fetcher'

/** Menu order, with who can see each; private and members-only need PLUS (spec 1 §4). */
const VISIBILITY_OPTIONS: { value: PieceVisibility; hint: string; paid: boolean }[] = [
  { value: 'public', hint: 'Anyone with the link can view', paid: false },
  { value: 'members', hint: 'Only logged-in users can view', paid: true },
  { value: 'private', hint: 'Only you can view', paid: true },
]

const isVisibility = (value: unknown): value is PieceVisibility => PIECE_VISIBILITIES.some((visibility) => visibility === value)

/**
 * Who can see the Piece. The choice shows at once and rolls back with the spec's toast
 * when the server refuses it; a non-subscriber choosing a paid option gets the upgrade
 * dialog and nothing changes (without JavaScript the server answers the same way).
 */
export function VisibilitySection({ piece, subscribed }: { piece: MenuPiece; subscribed: boolean }) {
  const fetcher = usePieceFetcher('visibility')
  const submitted = fetcher.formData?.get('visibility')
  const shown = isVisibility(submitted) ? submitted : piece.visibility

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = 'submitter' in event.nativeEvent ? event.nativeEvent.submitter : null
    const chosen = submitter instanceof Element ? submitter.getAttribute('value') : null
    const option = VISIBILITY_OPTIONS.find(({ value }) => value === chosen)
    if (!option || option.value === shown || fetcher.state !== 'idle') return event.preventDefault()
    if (option.paid && !subscribed) {
      event.preventDefault()
      openPaymentDialog('upgrade-to-plus', 'piece-visibility')
    }
  }

  return (
    <Section title="Visibility">
      <fetcher.Form method="post" action={PIECES_RESOURCE} preventScrollReset onSubmit={onSubmit}>
        <PieceFields piece={piece} intent="visibility" />
        <div role="radiogroup" aria-label="Visibility" aria-busy={fetcher.state !== 'idle' || undefined} className="space-y-1">
          {VISIBILITY_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="submit"
              name="visibility"
              value={option.value}
              role="radio"
              aria-checked={shown === option.value}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800',
                shown === option.value && 'bg-zinc-100 font-medium dark:bg-zinc-800',
              )}
            >
              <span
                aria-hidden="true"
                className={cn('grid size-4 place-items-center rounded-full border', shown === option.value ? 'border-brand-500' : 'border-zinc-400')}
              >
                {shown === option.value ? <span className="size-2 rounded-full bg-brand-500" /> : null}
              </span>
              <span className="flex-1">
                <span className="block">{VISIBILITY_LABELS[option.value]}</span>
                <span className="block text-xs font-normal text-zinc-500">{option.hint}</span>
              </span>
              {option.paid && !subscribed ? (
                <span className="rounded-full bg-brand-600/15 px-2 py-0.5 text-[10px] font-bold text-brand-600 dark:text-brand-400">PLUS</span>
              ) : null}
            </button>
          ))}
        </div>
      </fetcher.Form>
    </Section>
  )
}
