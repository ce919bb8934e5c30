import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CredentialsSchema, UsernameSchema } from '~/accounts/schema'
import { CancelBody, InvoiceQuery } from '~/billing/schema'
import { ChatFormSchema } from '~/chat/schema'
import { SendBody } from '~/generation/send-schema'
import { FeedbackSchema } from '~/feedback/schema'
import { CONTROL_CHARACTERS_MESSAGE } from '~/lib/text'
import { PieceFormSchema, PieceNameQuery, UpdatePieceBody } from '~/pieces/schema'
import { ContactSchema, SignedInContactSchema, WaitlistSchema } from './schema'

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? []

/** Issue 26: every text a user can send follows the one rule of app/lib/text.ts. */
describe('text people send, everywhere', () => {
  // Each kind of input, as its own schema reads it (the API's JSON and the forms' fields).
  it.each([
    ['feedback', FeedbackSchema, { content: 'a\u0000b' }],
    ['contact message', ContactSchema, { email: 'a@example.com', message: 'a\u0000b' }],
    ['contact name', ContactSchema, { email: 'a@example.com', name: 'Al\u0007', message: 'hi' }],
    ['contact email', ContactSchema, { email: 'a\u0000@example.com', message: 'hi' }],
    ['signed-in contact', SignedInContactSchema, { message: '\u0000' }],
    ['waitlist', WaitlistSchema, { email: 'a\u0000@example.com' }],
    ['sign-in email', CredentialsSchema, { email: 'a\u0000@example.com', password: 'correct horse' }],
    ['sign-in password', CredentialsSchema, { email: 'a@example.com', password: 'correct\u0000horse' }],
    ['username', UsernameSchema, { username: 'abc\u0000' }],
    ['Piece name (form)', PieceFormSchema, { intent: 'create', name: 'abc\u0000' }],
    ['Piece description (form)', PieceFormSchema, { intent: 'describe', id: '1', description: 'a\u0000b' }],
    ['first prompt (form)', PieceFormSchema, { intent: 'create', name: 'abcdef', prompt: 'a\u001bb' }],
    ['Piece name (API)', UpdatePieceBody, { name: 'abc\u0000' }],
    ['Piece description (API)', UpdatePieceBody, { description: 'a\u0000b' }],
    ['Piece code', UpdatePieceBody, { code: '<p>\u0000</p>' }],
    ['Piece draft', UpdatePieceBody, { draftData: { messages: [{ content: '\u0000' }] } }],
    ['Piece by name', PieceNameQuery, { name: 'abc\u0000' }],
    ['chat message (form)', ChatFormSchema, { intent: 'send', message: 'make\u0000it' }],
    ['chat message (API)', SendBody, { pieceId: 1, message: 'make\u0000it' }],
    ['chat history (API)', SendBody, { pieceId: 1, message: 'hi', messageHistory: [{ role: 'user', content: '\u0000' }] }],
    ['cancellation feedback', CancelBody, { feedbackText: 'a\u0000b' }],
    ['invoice cursor', InvoiceQuery, { starting_after: 'in_\u0000' }],
  ])('%s: refused with the one message', (_kind, schema, value) => {
    expect(messages(schema.safeParse(value))).toContain(CONTROL_CHARACTERS_MESSAGE)
  })

  it('drops a return address with a control character instead of refusing the form (safeRedirect reads it)', () => {
    expect(CredentialsSchema.parse({ email: 'a@example.com', password: 'correct horse', redirect: '/explore\u0000' }).redirect).toBeUndefined()
    expect(PieceFormSchema.parse({ intent: 'create', name: 'abcdef', returnTo: '/x\u0007' })).toMatchObject({ name: 'abcdef', returnTo: undefined })
  })

  it('is how every schema of the app builds its strings: no bare z.string() or z.unknown() outside stored and internal data', () => {
    // Files whose schemas read what we wrote ourselves (stored rows, signed cookies, the environment), never a request.
    const internal = new Set([
      'app/generation/stored.ts',
      'app/pieces/draft-schema.ts',
      'app/lib/toast.ts',
      'app/lib/env.server.ts',
      'app/accounts/google-oauth.server.ts',
      'app/lib/text.ts',
      // What other systems answer: PostgreSQL's refusals, Google's userinfo, a Stripe event whose signature was checked.
      'app/lib/db.server.ts',
      'app/accounts/google.server.ts',
      'app/billing/events.server.ts',
      // What a Piece's frame posts to the page around it (read, not trusted: what goes on to the server is checked there by its own schema).
      'app/chat/agentic-bridge.tsx',
      'app/chat/builder/checks/use-check-recorder.ts',
      'app/chat/builder/visual/use-visual-editor.ts',
      // Our own server's answers, read in the browser; our own rows; a model's plan; the code of a page the offline builder edits.
      'app/chat/builder/review/checks-schema.ts',
      'app/checks/versions.server.ts',
      'app/generation/instructions.ts',
      'app/generation/offline/timers.ts',
    ])
    const root = join(import.meta.dirname, '..', '..')
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) walk(path)
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !internal.has(relative(root, path))) {
          const source = readFileSync(path, 'utf8')
          for (const match of source.matchAll(/\bz\s*\.\s*(string|unknown|any)\s*\(/g)) {
            offenders.push(`${relative(root, path)}:${source.slice(0, match.index).split('\n').length} z.${match[1]}()`)
          }
        }
      }
    }
    for (const dir of ['app', 'server', 'jobs']) walk(join(root, dir))
    expect(offenders).toEqual([])
  })
})
