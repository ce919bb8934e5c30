import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { getEnv, type Env } from './env.server'
import { OBJECT_KEY, s3Description, unavailable, type ObjectStore } from './object-store-base.server'
import { singleton } from './singleton.server'

export { STORAGE_UNAVAILABLE_MESSAGE } from './object-store-base.server'

/** The store `env.storage` names, chosen once per configuration. */
export function getObjectStore(env: Env = getEnv()): ObjectStore {
  const cache = singleton('object-store', () => new WeakMap<Env, ObjectStore>())
  let store = cache.get(env)
  if (!store) {
    store = env.storage === 's3' ? lazyS3Store(env) : localStore(path.resolve(env.DATA_DIR, 'images'))
    cache.set(env, store)
  }
  return store
}

/** Objects fan out over 256 directories by the first two hex digits, so none grows huge. */
export function localStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    if (!OBJECT_KEY.test(key)) throw new Error(`not an object key: ${key}`)
    return path.join(root, key.slice(0, 2), key)
  }
  return {
    description: `local directory ${root}`,
    async put(key, bytes) {
      const file = fileOf(key)
      // Written aside and renamed into place, so a reader never sees half an object.
      const partial = `${file}.${randomBytes(6).toString('hex')}.partial`
      try {
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(partial, bytes)
        await rename(partial, file)
      } catch (error) {
        await rm(partial, { force: true }).catch(() => {})
        throw unavailable(`writing ${key}`, error)
      }
    },
    async get(key) {
      let handle
      try {
        handle = await open(fileOf(key), 'r')
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null
        throw unavailable(`reading ${key}`, error)
      }
      // Images are small (a screenshot is tens of kilobytes): one read serves them faster than a file stream.
      try {
        const bytes = await handle.readFile()
        return { body: new Blob([new Uint8Array(bytes)]).stream(), size: bytes.length }
      } catch (error) {
        throw unavailable(`reading ${key}`, error)
      } finally {
        await handle.close()
      }
    },
    async delete(keys) {
      try {
        await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })))
      } catch (error) {
        throw unavailable(`deleting ${keys.length} object(s)`, error)
      }
    },
    async *list() {
      const folders = await readdir(root).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return []
        throw unavailable('listing', error)
      })
      for (const folder of folders) {
        for (const key of await readdir(path.join(root, folder)).catch(() => [])) {
          if (!OBJECT_KEY.test(key)) continue
          const info = await stat(path.join(root, folder, key)).catch(() => null)
          if (info) yield { key, modifiedAt: info.mtime }
        }
      }
    },
  }
}

/**
 * The bucket, with the AWS SDK loaded on first use: it takes about a second to import on a
 * busy machine, which a process on the local directory should not pay at start.
 */
function lazyS3Store(env: Env): ObjectStore {
  let loading: Promise<ObjectStore> | undefined
  const store = () => (loading ??= import('./object-store-s3.server').then(({ s3Store }) => s3Store(env)))
  return {
    description: s3Description(env),
    put: async (key, bytes, contentType) => (await store()).put(key, bytes, contentType),
    get: async (key) => (await store()).get(key),
    delete: async (keys) => (await store()).delete(keys),
    async *list() {
      yield* (await store()).list()
    },
  }
}
