/**
 * The row a statement that always answers one gave (an INSERT … RETURNING, a SELECT of a row
 * locked just before): none is a fault, said here rather than read as undefined further on.
 */
export function onlyRow<Row>(rows: readonly Row[]): Row {
  const [row] = rows
  if (row === undefined) throw new Error('A statement that always answers a row answered none')
  return row
}
