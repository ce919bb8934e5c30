/**
 * Node module hooks that give `virtual:frame-script/{name}` and `virtual:page-script/{name}`
 * to code run by tsx outside Vite (`npm run dev`, the benchmarks and scripts that import the
 * product's modules), as the Vite plugin in scripts/frame-scripts.ts does for the builds and
 * vitest. Registered by scripts/frame-scripts-register.mjs, after tsx's own hooks, which load
 * the TypeScript bundler imported here.
 */
let scripts

const isScriptImport = (id) => id.startsWith('virtual:frame-script/') || id.startsWith('virtual:page-script/')

export async function resolve(specifier, context, next) {
  if (isScriptImport(specifier)) return { url: specifier, format: 'module', shortCircuit: true }
  return next(specifier, context)
}

export async function load(url, context, next) {
  if (!isScriptImport(url)) return next(url, context)
  scripts ??= await import('./frame-scripts.ts')
  const { code } = await scripts.scriptOf(url)
  return { format: 'module', source: `export default ${JSON.stringify(code)}`, shortCircuit: true }
}
