import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rollup } from 'vite'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PREFIX = 'virtual:frame-script/'

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

/** The Vite plugin that makes `virtual:frame-script/{name}` the bundled text of that script. */
export function frameScripts(): Plugin {
  return {
    name: 'pieces-frame-scripts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    async load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null
      const name = id.slice(PREFIX.length + 1)
      const entry = FRAME_SCRIPTS[name]
      if (!entry) return this.error(`No frame script named ${name} (scripts/frame-scripts.ts)`)
      const { code, files } = await bundle(entry)
      for (const file of files) this.addWatchFile(file)
      return `export default ${JSON.stringify(code)}`
    },
  }
}
