import type { MenuPiece } from '../schema'
import { Section } from './section'

/** What everyone but the owner sees of a Piece: its name and description. */
export function ReadOnlySection({ piece }: { piece: MenuPiece }) {
  return (
    <Section title="Piece">
      <p className="font-medium">{piece.name}</p>
      <p className="mt-1 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">{piece.description || 'No description yet.'}</p>
    </Section>
  )
}
