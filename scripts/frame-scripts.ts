import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rollup } from 'vite'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PREFIX = 'virtual:frame-script/'
const PAGE_PREFIX = 'virtual:page-script/'

/**
 * Code that runs inside a Piece's frame, by the name it is imported as
 * (`import source from 'virtual:frame-script/piece-data'`): each is an ordinary module, with
 * its imports, bundled into one script whose text the importer gets (DESIGN.md, "Code that
 * runs inside a Piece's frame"; issue 38.2).
 */
export const FRAME_SCRIPTS: Record<string, string> = {
  'piece-data': 'app/piece-data/frame/client.ts',
  'piece-data-local': 'app/piece-data/frame/local-client.ts',
  'visual-picker': 'app/chat/builder/visual/frame/picker.ts',
  'check-recorder': 'app/chat/builder/checks/frame/recorder.ts',
  'review-outliner': 'app/chat/builder/review/frame/outliner.ts',
}

/**
 * Code that a page without React runs (docs/decisions/0040, 0056), bundled the same way
 * (`import source from 'virtual:page-script/enhancements'`).
 */
export const PAGE_SCRIPTS: Record<string, string> = {
  enhancements: 'app/enhancements.ts',
}

async function bundle(entry: string) {
  const outputs = (await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: { '~': path.join(ROOT, 'app') } },
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      lib: { entry: path.join(ROOT, entry), formats: ['iife'], name: 'piecesFrameScript' },
      rollupOptions: { output: { inlineDynamicImports: true } },
    },
  })) as Rollup.RollupOutput[]
  const chunk = outputs.flatMap((output) => output.output).find((item): item is Rollup.OutputChunk => item.type === 'chunk')
  if (!chunk) throw new Error(`frame script ${entry} built to nothing`)
  return { code: chunk.code.trim(), files: Object.keys(chunk.modules).filter((id) => !id.startsWith('\0')) }
}

/** Whether an import names one of these scripts (`virtual:frame-script/{name}` or `virtual:page-script/{name}`). */
export const isScriptImport = (id: string) => id.startsWith(PREFIX) || id.startsWith(PAGE_PREFIX)

/** The bundled text of the script an import names, and the files it was built from. */
export async function scriptOf(id: string) {
  const [prefix, scripts] = id.startsWith(PAGE_PREFIX) ? [PAGE_PREFIX, PAGE_SCRIPTS] : [PREFIX, FRAME_SCRIPTS]
  const name = id.slice(prefix.length)
  const entry = scripts[name]
  if (!entry) throw new Error(`No script named ${name} (scripts/frame-scripts.ts)`)
  return bundle(entry)
}

/** The Vite plugin that makes `virtual:frame-script/{name}` (and `virtual:page-script/{name}`) the bundled text of that script. */
export function frameScripts(): Plugin {
  return {
    name: 'pieces-frame-scripts',
    resolveId: (id) => (isScriptImport(id) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith('\0') || !isScriptImport(id.slice(1))) return null
      const { code, files } = await scriptOf(id.slice(1))
      for (const file of files) this.addWatchFile(file)
      return `export default ${JSON.stringify(code)}`
    },
  }
}
