import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers (DESIGN.md "The house", docs/architecture.md): routes → features → ui/lib; jobs and
 * server → runtime → db → app/lib, never the reverse; server/ and jobs/ never import each other.
 * Among the features every tie runs one way (issue 38.3):
 *   site → chat (the page) → generation (the engine) → checks → pieces → accounts;
 *   settings → shell → checks, feedback, billing; chat → billing → usage → accounts;
 *   piece-data stands alone (routes put it together with the rest).
 * Each wall forbids a folder from importing what sits above it. ESLint keeps only the last
 * `no-restricted-imports` that matches a file, so each folder's entry lists every wall that
 * applies to it.
 */
const FEATURES = ['accounts', 'billing', 'chat', 'checks', 'feedback', 'generation', 'piece-data', 'pieces', 'settings', 'shell', 'site', 'usage']
/** A feature folder as an import names it: by the `~/` alias or relatively, from its sibling or from one level deeper. */
const feature = (...names) => names.flatMap((name) => [`~/${name}/*`, `../${name}/*`, `../../${name}/*`])
const above = {
  app: ['**/jobs/**', '**/server/**', '../../jobs/*', '../../server/*'],
  features: ['~/routes/*', '../routes/*'],
  base: [...feature(...FEATURES), '~/routes/*', '../routes/*'],
}
const wall = (group, message) => ({ group, message })
const walls = {
  app: wall(above.app, 'app/ does not import jobs/ or server/: pass what it needs in, or move it into app/lib.'),
  routes: wall(above.features, 'A feature module does not import routes.'),
}
const restrict = (...rules) => ['error', { patterns: rules }]

/** A `*.server.ts` module takes nothing from a component file: shared values live in schema.ts or constants. */
const serverImportsNoComponents = {
  meta: {
    type: 'problem',
    messages: { component: "A server module imports '{{source}}', a component file: move what it needs to a schema.ts or constants module." },
  },
  create(context) {
    return {
      ImportDeclaration(node) {
        const source = node.source.value
        if (node.importKind === 'type') return
        const base = source.startsWith('~/') ? resolve('app', source.slice(2)) : source.startsWith('.') ? resolve(dirname(context.filename), source) : null
        if (base && existsSync(`${base}.tsx`)) context.report({ node, messageId: 'component', data: { source } })
      },
    }
  },
}

export default tseslint.config(
  { ignores: ['build/', 'node_modules/', '.cache/', '.data/', '.data-*/', 'test-results/', 'playwright-report/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Small parts (issue 10): a component fits on a screen or two, any other function on one.
    files: ['app/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['{app,server,jobs,runtime,db,scripts}/**/*.ts', 'server.ts', 'worker.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Hooks read top to bottom (issue 38.5): a hook's value, even in a callback, is declared before it is used.
    files: ['app/**/use-*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-use-before-define': ['error', { functions: false, typedefs: false, ignoreTypeReferences: true }] },
  },
  {
    // Tests read JSON answers of any shape.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(walls.app) },
  },
  {
    // One process runtime (issue 28.3): the web process and the worker share runtime/ and
    // neither imports the other; only the entries (server.ts, worker.ts) put them together.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        wall(['**/jobs/**', '../jobs/*'], 'server/ does not import jobs/: what both need lives in runtime/; server.ts starts both.'),
      ),
    },
  },
  {
    files: ['jobs/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        wall(['**/server/**', '../server/*'], 'jobs/ does not import server/: what both need lives in runtime/; worker.ts and server.ts start them.'),
      ),
    },
  },
  {
    files: ['runtime/**/*.ts', 'db/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        wall(['**/jobs/**', '**/server/**', '../jobs/*', '../server/*'], 'runtime/ and db/ sit below the web process and the workers: they import neither.'),
      ),
    },
  },
  {
    files: ['app/**/*.server.ts'],
    plugins: { pieces: { rules: { 'server-imports-no-components': serverImportsNoComponents } } },
    rules: { 'pieces/server-imports-no-components': 'error' },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // No import cycles (issue 10): two modules that need each other are one module, or a third is missing.
    // The rule follows value imports; type-only imports are erased and do not count.
    files: ['{app,server,jobs,runtime,db,scripts}/**/*.{ts,tsx}', 'server.ts', 'worker.ts'],
    ...importX.flatConfigs.typescript,
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic rules; the React Compiler's rules (v7 "recommended") assume the
      // compiler, which this project does not run (docs/decisions/0017-lint-and-format.md).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: [`app/{${FEATURES.join(',')}}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(walls.app, walls.routes),
    },
  },
  {
    files: ['app/{ui,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(walls.app, wall(above.base, 'ui/ and lib/ are the base layer: they import no feature and no route.')),
    },
  },
  {
    files: ['app/generation/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        walls.app,
        walls.routes,
        wall(
          feature('chat'),
          'The engine (generation/) does not import the chat page: the page shows what the engine does, not the other way round. Move what both need into generation/ or below.',
        ),
      ),
    },
  },
  {
    files: ['app/checks/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        walls.app,
        walls.routes,
        wall(
          feature('chat', 'generation', 'piece-data', 'settings', 'shell', 'site'),
          'checks/ sits below the engine and the pages: they run and show checks, not the other way round. What checks need of a Piece is in pieces/; a version of the code is pieces/code-version.ts.',
        ),
      ),
    },
  },
  {
    files: ['app/pieces/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        walls.app,
        walls.routes,
        wall(feature('shell'), 'pieces/ does not import the shell: the shell shows Pieces, not the other way round.'),
        wall(
          feature('chat', 'generation'),
          'pieces/ does not import the chat page or the engine: they build Pieces, not the other way round. The draft and its stored shape live in pieces/.',
        ),
        wall(feature('piece-data'), "pieces/ does not import piece-data/: a Piece's data belongs to a Piece, not the other way round."),
        wall(
          feature('checks'),
          'pieces/ does not import checks/: checks build on Pieces. A page that shows both hands the Piece menu its checks section (ownerSections).',
        ),
      ),
    },
  },
  {
    files: ['app/usage/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        walls.app,
        walls.routes,
        wall(feature('billing'), 'usage/ does not import billing: billing bills usage. Whether a user has PLUS is in accounts/plan.server.ts.'),
      ),
    },
  },
  {
    files: ['app/accounts/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        walls.app,
        walls.routes,
        wall(
          feature('billing', 'chat', 'checks', 'feedback', 'generation', 'piece-data', 'pieces', 'settings', 'shell', 'site', 'usage'),
          'accounts/ sits below every other feature: they read the account (its plan, its preferences), not the other way round.',
        ),
      ),
    },
  },
)
