import { cn } from '~/ui/cn'

/** A Piece's icon, or its initial on a grey square when it has none. */
export function PieceIcon({ icon, name, className }: { icon: string; name: string; className?: string }) {
  if (icon) return <img src={icon} alt="" className={cn('size-5 shrink-0 rounded object-cover', className)} />
  return (
    <span
      aria-hidden="true"
      className={cn('grid size-5 shrink-0 place-items-center rounded bg-zinc-300 text-[10px] font-semibold uppercase dark:bg-zinc-700', className)}
    >
      {name.slice(0, 1)}
    </span>
  )
}
