import { cn } from './cn'

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn('inline-block size-4 animate-spin rounded-full border-2 border-current border-t-transparent', className)}
    />
  )
}

export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center text-zinc-400">
      <Spinner className="size-6" />
    </div>
  )
}
