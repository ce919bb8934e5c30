/**
 * One instance per process. server.ts and the Remix server bundle are separate module
 * graphs, so module-level state alone would give each its own SQL pool.
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __pieces?: Map<string, unknown> }
  store.__pieces ??= new Map()
  if (!store.__pieces.has(name)) store.__pieces.set(name, create())
  return store.__pieces.get(name) as T
}
