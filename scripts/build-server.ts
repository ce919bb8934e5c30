import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'vite'
import { frameScripts } from './frame-scripts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** The compiled process entries (`node build/node/server.js`, `node build/node/worker.js`). */
export const NODE_BUILD_DIR = path.join(ROOT, 'build', 'node')

/**
 * Compiles the process entries (server.ts, worker.ts) and everything they import from the
 * project into plain JavaScript for Node, with Vite's SSR build: packages stay imports of
 * node_modules, the project's TypeScript is bundled (docs/decisions/0045). The Remix app
 * itself is built apart (`remix vite:build`, build/server and build/client).
 */
export async function buildServer() {
  await build({
    configFile: false,
    mode: 'production',
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    plugins: [frameScripts()],
    resolve: { alias: { '~': path.join(ROOT, 'app') } },
    ssr: { target: 'node' },
    build: {
      ssr: true,
      target: 'node20',
      outDir: NODE_BUILD_DIR,
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      rollupOptions: {
        input: { server: path.join(ROOT, 'server.ts'), worker: path.join(ROOT, 'worker.ts') },
        output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer()
