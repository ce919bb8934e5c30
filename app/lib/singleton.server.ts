/**
 * One instance per process. The process's entry (server.ts, worker.ts, compiled or not) and
 * the Remix server bundle are separate module graphs that each load the app's modules, so
 * module-level state alone would give each its own SQL pool. The instances live in one
 * registry on the process, under a symbol no other code uses; each module answers its own
 * through an accessor (`getEnv`, `sql`, `eventHub`…) and, where tests need it, a reset.
 */
const REGISTRY = Symbol.for('pieces.singletons')

function registry(): Map<string, unknown> {
  const process = globalThis as { [REGISTRY]?: Map<string, unknown> }
  return (process[REGISTRY] ??= new Map())
}

/** The process's instance called `name`, created by `create` on first use. */
export function singleton<T>(name: string, create: () => T): T {
  const instances = registry()
  if (!instances.has(name)) instances.set(name, create())
  return instances.get(name) as T
}

/** The process's instance called `name`, if one was made. */
export function existingSingleton<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined
}

/** Forgets the instance called `name`: the next use creates a fresh one. */
export function forgetSingleton(name: string) {
  registry().delete(name)
}
