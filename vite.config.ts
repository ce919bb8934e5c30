import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

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
      // Resource routes have no client code, and zod's comments confuse Rollup: both harmless.
      onwarn(warning, warn) {
        if (warning.code === 'EMPTY_BUNDLE' || warning.code === 'INVALID_ANNOTATION') return
        warn(warning)
      },
    },
  },
  plugins: [
    tailwindcss(),
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
