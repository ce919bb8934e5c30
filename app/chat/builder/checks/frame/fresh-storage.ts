/**
 * Storage that starts empty and is forgotten with the page: while recording, the Piece
 * starts as the worker's browser will run the check (a fresh page, nothing saved), not
 * from whatever the owner's preview had stored. Runs before the Piece's own scripts.
 */
function memory(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (index: number) => Array.from(items.keys())[index] ?? null,
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem: (key: string, value: string) => void items.set(String(key), String(value)),
    removeItem: (key: string) => void items.delete(String(key)),
    clear: () => items.clear(),
  }
}

export function freshStorage() {
  for (const name of ['localStorage', 'sessionStorage']) Object.defineProperty(window, name, { value: memory(), configurable: true })
}
