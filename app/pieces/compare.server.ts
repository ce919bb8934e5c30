import { diffLines } from 'diff'
import { getViewablePieceByName } from './pieces.server'
import { copiedCodeOf, lineageOf } from './remixes.server'

/** One line of the comparison; `skipped` stands for a run of unchanged lines left out. */
export type CompareRow = { kind: 'same' | 'added' | 'removed'; text: string; before: number | null; after: number | null } | { kind: 'skipped'; count: number }

/** Unchanged lines kept around each change. */
const CONTEXT = 3

/** Line by line, what changed from `before` to `after`, with long unchanged runs folded. */
export function compareLines(before: string, after: string): { rows: CompareRow[]; added: number; removed: number } {
  const rows: CompareRow[] = []
  let beforeLine = 1
  let afterLine = 1
  let added = 0
  let removed = 0
  // Every line ends with a newline, so a last line without one does not read as changed.
  const lined = (code: string) => {
    const unix = code.replace(/\r\n?/g, '\n')
    return unix === '' || unix.endsWith('\n') ? unix : `${unix}\n`
  }
  const parts = diffLines(lined(before), lined(after))
  parts.forEach((part, index) => {
    const lines = part.value.replace(/\n$/, '').split('\n')
    if (part.added || part.removed) {
      for (const text of lines) {
        if (part.added) rows.push({ kind: 'added', text, before: null, after: afterLine++ })
        else rows.push({ kind: 'removed', text, before: beforeLine++, after: null })
      }
      if (part.added) added += lines.length
      else removed += lines.length
      return
    }
    // Unchanged: the lines next to a change stay, the rest fold into one row.
    const head = index === 0 ? 0 : CONTEXT
    const tail = index === parts.length - 1 ? 0 : CONTEXT
    const shown = (from: number, to: number) => {
      for (let at = from; at < to; at += 1) rows.push({ kind: 'same', text: lines[at]!, before: beforeLine + at, after: afterLine + at })
    }
    if (lines.length <= head + tail + 1) shown(0, lines.length)
    else {
      shown(0, head)
      rows.push({ kind: 'skipped', count: lines.length - head - tail })
      shown(lines.length - tail, lines.length)
    }
    beforeLine += lines.length
    afterLine += lines.length
  })
  return { rows, added, removed }
}

/**
 * Issue 32.5: a remix's current code against the version it copied, for anyone who may see
 * the remix. Null for a Piece they may not see, or one that is not a remix.
 */
export async function comparisonOf(viewerId: number | null, name: string) {
  const piece = await getViewablePieceByName(viewerId, name)
  if (!piece) return null
  const [copied, lineage] = await Promise.all([copiedCodeOf(piece.id), lineageOf(piece.id)])
  if (copied === null || !lineage) return null
  return {
    piece: { id: piece.id, name: piece.name },
    credit: { owner: lineage.owner, name: lineage.name, href: lineage.href },
    copiedAt: lineage.copiedAt,
    ...compareLines(copied, piece.code),
  }
}
