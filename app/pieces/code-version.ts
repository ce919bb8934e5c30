/**
 * Issue 38.3: the one notion of "a version of a Piece's code" — a short hash of its text. It
 * names the version a visual edit was picked in, the version a check's result belongs to
 * (piece_check_results.version) and the version a remix copied (piece_remixes.copied_hash).
 * Plain and synchronous, so the editor computes it in the browser as the server does. Not for
 * secrecy, only to tell that the text changed; migration 0031 computes the same in SQL.
 */
export function codeVersion(code: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < code.length; index += 1) {
    const unit = code.charCodeAt(index)
    h1 = Math.imul(h1 ^ unit, 2654435761)
    h2 = Math.imul(h2 ^ unit, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return `${(h2 >>> 0).toString(16).padStart(8, '0')}${(h1 >>> 0).toString(16).padStart(8, '0')}-${code.length.toString(36)}`
}
