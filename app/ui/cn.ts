import { twMerge } from 'tailwind-merge'

/** Joins class names, skipping falsy ones; a later Tailwind class wins over an earlier one it conflicts with. */
export function cn(...classes: (string | false | null | undefined)[]) {
  return twMerge(classes.filter(Boolean).join(' '))
}
