import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import path from 'node:path'
import { defineConfig, type Plugin } from 'vite'
import { precompressDirectory } from './server/compression'
import { frameScripts } from './scripts/frame-scripts'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

/** The browser's build assets also as `.br` and `.gz`, made once here rather than per request. */
const precompressAssets = (): Plugin => ({
  name: 'pieces-precompress-assets',
  apply: 'build',
  async writeBundle(options) {
    if (options.dir && path.basename(options.dir) === 'client') await precompressDirectory(path.join(options.dir, 'assets'))
  },
})

export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  optimizeDeps: {
    include: ['@conform-to/react', '@conform-to/zod/v4', 'zod'],
  },
  server: { middlewareMode: true },
  build: {
    target: 'es2022',
    rollupOptions: {
      // Few requests before the first paint: every library in one chunk, the shared parts of
      // the app in another (a phone on a slow network pays a round trip per handful of files).
      output: {
        manualChunks(id) {
          // The HTML parser serves only the chunks the editor loads when it needs them (the
          // visual editor's splice, a turn's review): in the shared chunk, every page paid for it.
          if (/\/node_modules\/(parse5|entities)\//.test(id)) return undefined
          if (id.includes('/node_modules/')) return 'vendor'
          if (/\/app\/(ui|lib)\//.test(id)) return 'shared'
          return undefined
        },
      },
      // Resource routes have no client code, and zod's comments confuse Rollup: both harmless.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE' || warning.code === 'INVALID_ANNOTATION') return
        warn(warning)
      },
    },
  },
  plugins: [
    tailwindcss(),
    frameScripts(),
    precompressAssets(),
    remix({
      ignoredRouteFiles: ['**/*.test.ts', '**/*.test.tsx'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
})
