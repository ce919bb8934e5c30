import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every form posted with JavaScript and every fetcher load goes through the one path of
 * app/lib/unreachable.ts, so a dropped connection is the form's failure toast and never the
 * error page. This reads the route modules and fails when one that a form posts to has no
 * `clientAction` from `replyWhenUnreachable`, one that a fetcher loads has no
 * `clientLoader` from `answerWhenUnreachable`, or a page's data would be reloaded after such
 * a refusal (app/lib/revalidation.ts).
 */
const ROUTES = path.join(import.meta.dirname, '../routes')

/** Actions only a full page post reaches, with why (no script runs to keep a form). */
const DOCUMENT_ONLY_ACTIONS: Record<string, string> = {
  'auth.google.ts': 'a reloadDocument form: the answer is a redirect to Google',
  'auth.google.link.ts': 'a reloadDocument form: the answer is a redirect to Google',
  'catch-all.tsx': 'answers every post with Page Not Found; no form posts there',
  'piece-remix.tsx': 'Remix is a plain form on every page (pages without React post it too): the answer is a redirect into the remix',
  'resources.review-checks.ts': 'posted with fetch() by the review of a turn (no form): its checks line says when it gets no answer',
}

/** Resource routes whose loader no fetcher calls, with why. */
const NOT_FETCHED_LOADERS: Record<string, string> = {
  'images.$hash.ts': 'images, read by <img>',
  'auth.google.callback.ts': 'Google sends the browser there',
  'index.tsx': '/ only redirects a page load',
  'piece-download.ts': 'a download link the browser follows',
  'piece-data-export.ts': 'an export link the browser follows (a download)',
  'resources.review-checks.ts': 'read with fetch() by the review of a turn (no fetcher): its checks line says when it gets no answer',
}

const modules = readdirSync(ROUTES)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, source: readFileSync(path.join(ROUTES, file), 'utf8') }))

const exports = (source: string, name: string) => new RegExp(`export (async function|function|const) ${name}\\b`).test(source)
const isResource = (source: string) => !/export default function/.test(source)
const redirectsOnly = (source: string) => /export const loader = \(\) => redirect\(/.test(source)

describe('the one path for a request that gets no answer', () => {
  it.each(modules.filter(({ file, source }) => exports(source, 'action') && !(file in DOCUMENT_ONLY_ACTIONS)).map(({ file, source }) => [file, source]))(
    '%s: a post that gets no answer is its refusal, not the error page',
    (_file, source) => {
      expect(source).toMatch(/export const clientAction = replyWhenUnreachable\b/)
    },
  )

  it.each(
    modules
      .filter(({ file, source }) => isResource(source) && exports(source, 'loader') && !redirectsOnly(source) && !(file in NOT_FETCHED_LOADERS))
      .map(({ file, source }) => [file, source]),
  )('%s: a fetcher load that gets no answer is its refusal, not the error page', (_file, source) => {
    expect(source).toMatch(/export const clientLoader = answerWhenUnreachable\b/)
  })

  it.each(
    [...modules, { file: '../root.tsx', source: readFileSync(path.join(ROUTES, '../root.tsx'), 'utf8') }]
      .filter(({ source }) => !isResource(source) && exports(source, 'loader'))
      .map(({ file, source }) => [file, source]),
  )('%s: its data is not reloaded after a refusal made in the browser (the reload would fail the same way)', (_file, source) => {
    expect(source).toMatch(/export const shouldRevalidate = (keepDataWhenUnavailable|keepDataWhenSignedOut)\b/)
  })

  it('finds the routes it checks', () => {
    expect(modules.map(({ file }) => file)).toEqual(expect.arrayContaining(['resources.invoices.ts', 'contact.tsx', ...Object.keys(DOCUMENT_ONLY_ACTIONS)]))
  })
})
