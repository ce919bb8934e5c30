/**
 * Issue 40: the server's words about reviewing a turn's changes (refusals and the history's
 * note). Plain, so the chat can show the same words without loading the parser.
 */
export const ReviewWords = {
  notReviewable: 'This turn’s changes cannot be reviewed one by one: it wrote the page whole.',
  nothingChanged: 'This turn did not change the page.',
  notBuilt: 'This version was not built by the assistant, so it has no changes to review.',
  noTurn: 'There is no such turn in this Piece’s history.',
  whileBuilding: 'Wait for the build to finish before applying these changes.',
  notNewest: 'Go to the newest version before applying these changes.',
  changed: 'The Piece changed since you reviewed these changes. Review them again.',
  keepSome: 'Keep at least one change, or undo the turn instead.',
  keptAll: 'These are all of the turn’s changes: they are already applied.',
  noSuchChange: 'This turn has no such change.',
} as const

/** The history's note for a version made of some of a turn's changes: "Kept 3 of 4 changes of “make it blue”". */
export function keptNote(kept: number, total: number, message: string) {
  const flat = message.replace(/\s+/g, ' ').trim()
  const quoted = flat.length > 60 ? `${flat.slice(0, 59).trimEnd()}…` : flat
  return `Kept ${kept} of ${total} changes${quoted ? ` of “${quoted}”` : ''}`
}
