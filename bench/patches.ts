import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { buildApp } from '../app/generation/offline'
import { applyPatches, type DiffOperation } from '../app/generation/patch'

/**
 * `npm run bench:patches`: the patch engine against a corpus of edits whose targets drift
 * in whitespace and indentation the way model answers do (re-indented, tabs for spaces,
 * lines joined or split, CRLF), and its speed on a 50 KB document.
 * The corpus is generated once (seeded) and kept in bench/patch-corpus/corpus.json.
 */
type Case = { document: string; operation: DiffOperation; expected: string; drift: string }

const CORPUS = 'bench/patch-corpus/corpus.json'
/** Offline apps the corpus is cut from, when it is made afresh. */
const PROMPTS = [
  'a counter',
  'a to-do list',
  'a pomodoro timer',
  'a tip calculator',
  'a notes app',
  'a quiz about capitals',
  'a landing page for a bakery called Sweet Crumbs',
  'a contact form',
]

let seed = 20261122
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!

const DRIFTS: Record<string, (target: string) => string> = {
  none: (target) => target,
  reindent: (target) => target.replace(/^[ \t]*/gm, '    '),
  dedent: (target) => target.replace(/^[ \t]+/gm, ''),
  tabs: (target) => target.replace(/^( {2})+/gm, (spaces) => '\t'.repeat(spaces.length / 2)),
  joinLines: (target) => target.replace(/\n\s*/g, ' '),
  crlf: (target) => target.replace(/\n/g, '\r\n'),
  padded: (target) => `\n  ${target}  \n`,
  doubleSpaces: (target) => target.replace(/ /g, '  '),
}

function buildCorpus(): Case[] {
  const cases: Case[] = []
  for (const prompt of PROMPTS) {
    const document = buildApp(prompt)!.code
    const lines = document.split('\n')
    for (let attempt = 0; cases.filter((item) => item.document === document).length < 30 && attempt < 400; attempt += 1) {
      const start = Math.floor(random() * lines.length)
      const length = 1 + Math.floor(random() * 3)
      const target = lines.slice(start, start + length).join('\n')
      if (target.trim().length < 12 || document.indexOf(target) !== document.lastIndexOf(target)) continue
      const collapsed = target.replace(/\s+/g, ' ').trim()
      if (document.replace(/\s+/g, ' ').split(collapsed).length !== 2) continue
      const type = pick<DiffOperation['type']>(['replace', 'insert', 'delete'])
      const content = type === 'delete' ? undefined : `\n  <!-- edit ${cases.length} -->`
      const at = document.indexOf(target)
      const expected =
        type === 'replace'
          ? document.slice(0, at) + content + document.slice(at + target.length)
          : type === 'insert'
            ? document.slice(0, at + target.length) + content + document.slice(at + target.length)
            : document.slice(0, at) + document.slice(at + target.length)
      const drift = pick(Object.keys(DRIFTS))
      cases.push({ document, operation: { type, target: DRIFTS[drift]!(target), content }, expected, drift })
    }
  }
  return cases
}

/** The drift forms the target, but a loose match can only cover the trimmed original; padding is not content. */
const equivalent = (actual: string, expected: string) => actual === expected || actual.replace(/\s+/g, ' ') === expected.replace(/\s+/g, ' ')

if (!existsSync(CORPUS)) {
  mkdirSync('bench/patch-corpus', { recursive: true })
  writeFileSync(CORPUS, `${JSON.stringify(buildCorpus(), null, 1)}\n`)
}
const corpus = JSON.parse(readFileSync(CORPUS, 'utf8')) as Case[]

const failures: { drift: string; type: string; reason: string }[] = []
let exact = 0
for (const item of corpus) {
  const outcome = applyPatches(item.document, [item.operation])
  if (outcome.ok && outcome.code === item.expected) exact += 1
  else if (!outcome.ok || !equivalent(outcome.code, item.expected))
    failures.push({ drift: item.drift, type: item.operation.type, reason: outcome.failed[0]?.reason ?? 'different result' })
}
const correct = corpus.length - failures.length

// A document of at least 50 KB and five drifted edits spread through it.
const DOCUMENT_BYTES = 50 * 1024
const big = Array.from(
  { length: 480 },
  (_, index) => `    <section id="s${index}">\n      <h2>Section ${index}</h2>\n      <p>Paragraph ${index} of the document.</p>\n    </section>`,
).join('\n')
const bigDocument = `<!doctype html>\n<html>\n<body>\n${big}\n</body>\n</html>`
if (Buffer.byteLength(bigDocument) < DOCUMENT_BYTES) throw new Error(`the timing document is ${Buffer.byteLength(bigDocument)} bytes, under 50 KB`)
const operations: DiffOperation[] = [10, 90, 170, 250, 330].map((index) => ({
  type: 'replace',
  target: `<h2>Section ${index}</h2>\n<p>Paragraph ${index} of the document.</p>`,
  content: `<h2>Section ${index}, edited</h2>`,
}))
const timings: number[] = []
for (let run = 0; run < 300; run += 1) {
  const started = performance.now()
  const outcome = applyPatches(bigDocument, operations)
  timings.push(performance.now() - started)
  if (!outcome.ok) throw new Error('the 50 KB edits did not apply')
}
timings.sort((a, b) => a - b)
const at = (q: number) => Math.round(timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]! * 1000) / 1000

const summary = {
  date: new Date().toISOString(),
  corpusCases: corpus.length,
  appliedCorrectly: correct,
  appliedCorrectlyPercent: Math.round((correct / corpus.length) * 1000) / 10,
  byteExact: exact,
  failures,
  document50kb: { bytes: Buffer.byteLength(bigDocument), operations: operations.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) },
}
console.log(`Patch corpus: ${correct} / ${corpus.length} applied correctly (${summary.appliedCorrectlyPercent}%), ${exact} byte-exact`)
for (const failure of failures) console.log(`  failed: ${failure.type} with ${failure.drift} drift (${failure.reason})`)
console.log(
  `50 KB document, ${operations.length} drifted edits: p50 ${summary.document50kb.p50Ms} ms, p95 ${summary.document50kb.p95Ms} ms, max ${summary.document50kb.maxMs} ms`,
)
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/patches.json', `${JSON.stringify(summary, null, 2)}\n`)
