import { DATA_ERRORS, MAX_VALUE_BYTES, type DataChange, type DataErrorCode } from '../constants'

/**
 * `pieces.data` in a downloaded Piece (issue 39.4): the same calls as on Pieces, kept in this
 * browser's storage only — nothing is shared with anyone, and every record is this browser's
 * own ("you"). Changes reach the Piece's other tabs in this browser through storage events.
 */
type Stored = { id: number; value: unknown; at: string; updatedAt: string }
type Collection = { next: number; records: Stored[]; counters: Record<string, number> }

const KEY = 'pieces.data'
const NAME = 'you'

class PiecesDataError extends Error {
  constructor(readonly code: DataErrorCode) {
    super(DATA_ERRORS[code].message)
    this.name = 'PiecesDataError'
  }
}

const read = (name: string): Collection => {
  try {
    return JSON.parse(localStorage.getItem(`${KEY}.shared.${name}`) ?? '') as Collection
  } catch {
    return { next: 1, records: [], counters: {} }
  }
}
const listeners = new Map<string, Set<(change: DataChange) => void>>()
const write = (name: string, collection: Collection, change: DataChange) => {
  localStorage.setItem(`${KEY}.shared.${name}`, JSON.stringify(collection))
  localStorage.setItem(`${KEY}.change`, JSON.stringify({ name, change, at: Math.random() }))
  listeners.get(name)?.forEach((callback) => callback(change))
}
addEventListener('storage', (event) => {
  if (event.key !== `${KEY}.change` || !event.newValue) return
  const { name, change } = JSON.parse(event.newValue) as { name: string; change: DataChange }
  listeners.get(name)?.forEach((callback) => callback(change))
})
const checked = (value: unknown) => {
  if (JSON.stringify(value ?? null).length > MAX_VALUE_BYTES) throw new PiecesDataError('too-large')
  return JSON.parse(JSON.stringify(value ?? null)) as unknown
}
const record = (name: string, stored: Stored) => ({ ...stored, collection: name, by: { name: NAME, you: true } })

const mine = {
  get: async (key: string) => {
    const value = localStorage.getItem(`${KEY}.mine.${key}`)
    return value === null ? undefined : (JSON.parse(value) as unknown)
  },
  set: async (key: string, value: unknown) => {
    localStorage.setItem(`${KEY}.mine.${key}`, JSON.stringify(checked(value)))
    return value
  },
  delete: async (key: string) => {
    const had = localStorage.getItem(`${KEY}.mine.${key}`) !== null
    localStorage.removeItem(`${KEY}.mine.${key}`)
    return had
  },
  list: async (prefix = '') =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith(`${KEY}.mine.${prefix}`))
      .sort()
      .map((key) => ({ key: key.slice(`${KEY}.mine.`.length), value: JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, updatedAt: '' })),
}

const shared = {
  add: async (name: string, value: unknown) => {
    const collection = read(name)
    const now = new Date().toISOString()
    const stored = { id: collection.next, value: checked(value), at: now, updatedAt: now }
    collection.next += 1
    collection.records.push(stored)
    write(name, collection, { type: 'added', record: record(name, stored) })
    return record(name, stored)
  },
  list: async (name: string, { limit = 100, order = 'newest' }: { limit?: number; order?: 'newest' | 'oldest' } = {}) => {
    const collection = read(name)
    const records = (order === 'newest' ? [...collection.records].reverse() : collection.records).slice(0, limit)
    return { records: records.map((stored) => record(name, stored)), counters: collection.counters }
  },
  update: async (name: string, id: number, value: unknown) => {
    const collection = read(name)
    const stored = collection.records.find((item) => item.id === Number(id))
    if (!stored) throw new PiecesDataError('not-found')
    stored.value = checked(value)
    stored.updatedAt = new Date().toISOString()
    write(name, collection, { type: 'changed', record: record(name, stored) })
    return record(name, stored)
  },
  remove: async (name: string, id: number) => {
    const collection = read(name)
    if (!collection.records.some((item) => item.id === Number(id))) throw new PiecesDataError('not-found')
    collection.records = collection.records.filter((item) => item.id !== Number(id))
    write(name, collection, { type: 'removed', record: { id: Number(id), collection: name } })
  },
  increment: async (name: string, counter: string, by = 1) => {
    const collection = read(name)
    const value = (collection.counters[counter] ?? 0) + by
    collection.counters[counter] = value
    write(name, collection, { type: 'counted', counter: { collection: name, name: counter, value } })
    return value
  },
}

function subscribe(name: string, callback: (change: DataChange) => void) {
  const set = listeners.get(name) ?? new Set()
  listeners.set(name, set.add(callback))
  return () => void set.delete(callback)
}

const pieces = ((window as { pieces?: Record<string, unknown> }).pieces ??= {})
pieces.data = Object.freeze({ mine: Object.freeze(mine), shared: Object.freeze(shared), subscribe, whoami: async () => ({ name: NAME }), PiecesDataError })
