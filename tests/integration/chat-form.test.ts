import { codeVersion } from '../../app/pieces/code-version'
import { readFileSync } from 'node:fs'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { createSession } from '../../app/accounts/session.server'
import { setUsername } from '../../app/accounts/users.server'
import { addExchange, readDraft } from '../../app/pieces/draft'
import { chatData } from '../../app/chat/editor.server'
import { finishGeneration } from '../../app/generation/generations.server'
import type { SessionUser } from '../../app/accounts/session.server'
import { configuredOrigins } from '../../app/lib/origins.server'
import type { ChatDone } from '../../app/chat/schema'
import { ChatToasts } from '../../app/chat/messages'
import { SendMessages } from '../../app/generation/send-schema'
import { ChatEventSchema } from '../../app/generation/stored'
import { getUsage } from '../../app/usage/usage.server'
import { FREE_DAILY_TOKEN_LIMIT, USAGE_TIME_ZONE } from '../../app/lib/constants'
import { sql } from '../../app/lib/db.server'
import { createPiece, getOwnPiece, updatePiece, type OwnPiece } from '../../app/pieces/pieces.server'
import { VisualEditMessages, VisualEditWords, type VisualEditBatch } from '../../app/generation/visual/edits'
import { applyVisualEditToDraft } from '../../app/generation/visual/visual-edit.server'
import { action } from '../../app/routes/piece-editor'
import { startBoss } from '../../runtime/boss'
import { formRefusal, formReply, ROUTE_CONTEXT, thrown } from '../support/routes'
import { forgetProcessBoss } from '../../app/lib/jobs.server'

/**
 * The editor's chat forms (app/chat/schema.ts): one action for the page with JavaScript
 * (fetchers, answered with JSON) and without it (answered with a redirect). No generate
 * worker runs here, so a send stays queued and Stop always finds it.
 */
const FETCHER = { 'Sec-Fetch-Mode': 'cors' }
const PAGE = { 'Sec-Fetch-Mode': 'navigate' }
const IMAGE = `data:image/png;base64,${readFileSync('tests/e2e/files/icon.png').toString('base64')}`
const unique = (label: string) => `${label}_${Math.random().toString(36).slice(2, 10)}`

let boss: PgBoss
beforeAll(async () => {
  boss = await startBoss(process.env.DATABASE_URL!)
})
afterAll(async () => {
  await boss.stop({ graceful: true, wait: true, timeout: 5_000 })
  forgetProcessBoss()
})

async function newOwner() {
  const created = await registerWithPassword(`chatform.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`, 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  await setUsername(created.userId, unique('u'))
  const piece = await createPiece(created.userId, { name: unique('form') })
  return { userId: created.userId, pieceId: piece.id, name: piece.name, cookie: (await createSession(created.userId)).split(';')[0]! }
}
type Owner = Awaited<ReturnType<typeof newOwner>>

function post(owner: Owner, fields: Record<string, string>, mode: Record<string, string> = FETCHER, cookie = owner.cookie) {
  const request = new Request(`http://localhost/pieces/${owner.name}`, { method: 'POST', headers: { cookie, ...mode }, body: new URLSearchParams(fields) })
  return action({ request, context: ROUTE_CONTEXT, params: { pieceName: owner.name } })
}

/** A fetcher's answer: Remix's `data()` wrapper with the reply and its status. */
const reply = (answer: Promise<unknown>) => formReply<ChatDone>(answer)

const draftOf = async (owner: Owner) => readDraft((await getOwnPiece(owner.userId, owner.pieceId))!.draftData)
const generationsOf = (pieceId: number) =>
  sql<{ status: string; request: { message: string; attachments: { url: string }[] } }[]>`
    select status, request from generations where piece_id = ${pieceId} order by id`

describe('the chat forms of the editor', () => {
  it('sends a message with its images from a fetcher, and Stop gives both back to the input', async () => {
    const owner = await newOwner()
    const sent = await reply(
      post(owner, { intent: 'send', message: 'use this picture', at: '-1', 'attachments[0].type': 'image', 'attachments[0].url': IMAGE }),
    )
    expect(sent).toEqual({ status: 200, body: { ok: true, done: { intent: 'send' } } })
    const [queued] = await generationsOf(owner.pieceId)
    expect(queued!.status).toBe('queued')
    expect(queued!.request.message).toBe('use this picture')
    expect(queued!.request.attachments.map((attachment) => attachment.url)).toEqual([IMAGE])

    const busy = await formRefusal(post(owner, { intent: 'send', message: 'another', at: '-1' }))
    expect(busy).toEqual({ status: 409, message: SendMessages.inProgress })

    expect(await reply(post(owner, { intent: 'stop' }))).toEqual({ status: 200, body: { ok: true, done: { intent: 'stop' } } })
    expect((await generationsOf(owner.pieceId)).map((generation) => generation.status)).toEqual(['stopped'])
    const draft = await draftOf(owner)
    expect(draft.currentInput).toBe('use this picture')
    expect(draft.currentAttachments.map((attachment) => attachment.url)).toEqual([IMAGE])
  })

  it('answers a page load with a redirect and a toast, and a fetcher with JSON', async () => {
    const owner = await newOwner()
    const empty = (await post(owner, { intent: 'send', message: '  ' }, PAGE)) as Response
    expect(empty.status).toBe(302)
    expect(empty.headers.get('location')).toBe(`/pieces/${owner.name}`)
    expect(empty.headers.get('set-cookie')).toMatch(/toast/)
    expect(await formRefusal(post(owner, { intent: 'send', message: '  ' }))).toEqual({ status: 400, message: SendMessages.empty })
    expect((await reply(post(owner, { intent: 'nothing' }))).status).toBe(400)
    // Images that would take the form past the server's body limit together are refused before it.
    const large = `data:image/png;base64,${'A'.repeat(4_000_000)}`
    const images = Object.fromEntries(
      [0, 1, 2].flatMap((index) => [
        [`attachments[${index}].type`, 'image'],
        [`attachments[${index}].url`, large],
      ]),
    )
    expect(await formRefusal(post(owner, { intent: 'send', message: 'three big ones', ...images }))).toEqual({
      status: 400,
      message: SendMessages.attachmentsTooLarge,
    })
    expect(await generationsOf(owner.pieceId)).toEqual([])
  })

  it('refuses a send over the daily limit: JSON 429 for a fetcher, the upgrade dialog for a page load', async () => {
    const owner = await newOwner()
    await sql`
      insert into usage_days (user_id, day, tokens)
      values (${owner.userId}, (now() at time zone ${USAGE_TIME_ZONE})::date, ${FREE_DAILY_TOKEN_LIMIT})`
    const refused = await formRefusal(post(owner, { intent: 'send', message: 'one more' }))
    expect(refused).toMatchObject({ status: 429, upgrade: 'upgrade-to-plus' })
    expect(refused.message).toMatch(/Daily token limit/)
    const page = (await post(owner, { intent: 'send', message: 'one more' }, PAGE)) as Response
    expect(page.headers.get('location')).toBe(`/pieces/${owner.name}?upgrade=plus`)
  })

  it('applies Undo and Redo only at the point they were pressed at', async () => {
    const owner = await newOwner()
    const exchange = (content: string) => ({
      userMessage: { role: 'user', content, attachments: [] },
      assistantMessage: { role: 'assistant', content: `<p>${content}</p>`, attachments: [] },
      tokensUsed: 10,
    })
    const draft = { currentInput: '', currentAttachments: [], exchangeHistory: [exchange('one'), exchange('two')], historyIndex: 1 }
    await sql`update pieces set draft = ${sql.json(draft)} where id = ${owner.pieceId}`
    expect(await reply(post(owner, { intent: 'undo', at: '0' }))).toEqual({ status: 200, body: { ok: true, done: { intent: 'undo' } } })
    expect((await draftOf(owner)).historyIndex).toBe(1)
    await post(owner, { intent: 'undo', at: '1' })
    expect(await draftOf(owner)).toMatchObject({ historyIndex: 0, currentInput: 'two' })
    const page = (await post(owner, { intent: 'redo', at: '0' }, PAGE)) as Response
    expect(page.status).toBe(302)
    expect(await draftOf(owner)).toMatchObject({ historyIndex: 1, currentInput: '' })
  })

  it('asks for Confirm Overwrite before a send from an earlier point, keeping the message for a page load', async () => {
    const owner = await newOwner()
    const exchange = (content: string) => ({
      userMessage: { role: 'user', content, attachments: [] },
      assistantMessage: { role: 'assistant', content: `<p>${content}</p>`, attachments: [] },
      tokensUsed: 10,
    })
    const draft = { currentInput: 'two', currentAttachments: [], exchangeHistory: [exchange('one'), exchange('two')], historyIndex: 0 }
    await sql`update pieces set draft = ${sql.json(draft)} where id = ${owner.pieceId}`
    expect(await reply(post(owner, { intent: 'send', message: 'two, but blue', at: '0' }))).toEqual({
      status: 200,
      body: { ok: true, done: { intent: 'send', confirm: 'overwrite' } },
    })
    const asked = (await post(owner, { intent: 'send', message: 'two, but blue', at: '0' }, PAGE)) as Response
    expect(asked.headers.get('location')).toBe(`/pieces/${owner.name}?confirm=overwrite`)
    expect(await draftOf(owner)).toMatchObject({ historyIndex: 0, currentInput: 'two, but blue' })
    expect(await generationsOf(owner.pieceId)).toEqual([])

    const confirmed = (await post(owner, { intent: 'send', message: 'two, but blue', at: '0', overwrite: 'yes' }, PAGE)) as Response
    expect(confirmed.headers.get('location')).toBe(`/pieces/${owner.name}`)
    expect((await generationsOf(owner.pieceId)).map((generation) => generation.request.message)).toEqual(['two, but blue'])
    expect(await draftOf(owner)).toMatchObject({ historyIndex: 0, currentInput: '' })
  })

  it('takes images as files without JavaScript, within the same limits, and keeps a refused message', async () => {
    const owner = await newOwner()
    const form = new FormData()
    form.set('intent', 'send')
    form.set('message', 'use these')
    for (let index = 0; index < 4; index += 1) form.append('images', new File([readFileSync('tests/e2e/files/icon.png')], 'icon.png', { type: 'image/png' }))
    const request = (body: FormData) =>
      action({
        request: new Request(`http://localhost/pieces/${owner.name}`, { method: 'POST', headers: { cookie: owner.cookie, ...PAGE }, body }),
        context: ROUTE_CONTEXT,
        params: { pieceName: owner.name },
      })
    const tooMany = (await request(form)) as Response
    expect(tooMany.headers.get('set-cookie')).toMatch(/toast/)
    expect((await draftOf(owner)).currentInput).toBe('use these')
    expect(await generationsOf(owner.pieceId)).toEqual([])

    form.delete('images')
    form.append('images', new File([readFileSync('tests/e2e/files/icon.png')], 'photo.jpg', { type: 'image/jpeg' }))
    await request(form)
    const [sent] = await generationsOf(owner.pieceId)
    expect(sent!.request.attachments.map((attachment) => attachment.url.slice(0, 22))).toEqual(['data:image/png;base64,'])
  })

  it('dismisses how the last generation ended', async () => {
    const owner = await newOwner()
    await post(owner, { intent: 'send', message: 'soon stopped', at: '-1' })
    await post(owner, { intent: 'stop' })
    const outcome = () => sql<{ dismissed: boolean }[]>`select dismissed_at is not null as dismissed from generations where piece_id = ${owner.pieceId}`
    expect(await outcome()).toEqual([{ dismissed: false }])
    expect(await reply(post(owner, { intent: 'dismiss' }))).toEqual({ status: 200, body: { ok: true, done: { intent: 'dismiss' } } })
    expect(await outcome()).toEqual([{ dismissed: true }])
  })

  it('saves the model, refuses a PLUS model to a free user, and answers a signed-out fetcher in place', async () => {
    const owner = await newOwner()
    expect(await reply(post(owner, { intent: 'model', selectedModel: 'gpt-4.1-mini' }))).toEqual({ status: 200, body: { ok: true, done: { intent: 'model' } } })
    expect(await formRefusal(post(owner, { intent: 'model', selectedModel: 'gpt-5' }))).toMatchObject({
      status: 403,
      toast: { title: ChatToasts.settingsFailed },
      upgrade: 'upgrade-to-plus',
    })
    expect((await reply(post(owner, { intent: 'model', selectedModel: 'gpt-4.1-mini' }, FETCHER, ''))).status).toBe(401)
    const signedOut = await thrown(post(owner, { intent: 'model', selectedModel: 'gpt-4.1-mini' }, PAGE, '') as Promise<unknown>)
    expect(signedOut.headers.get('location')).toMatch(/^\/signin/)
  })
  it('shows a failed generation together with the message it gave back, even when the Piece was read before it failed', async () => {
    const owner = await newOwner()
    expect((await reply(post(owner, { intent: 'send', message: 'a broken build', at: '-1' }))).status).toBe(200)
    // The page read the Piece (its draft with an empty input) just before the generation failed.
    const before = (await getOwnPiece(owner.userId, owner.pieceId))!
    expect(readDraft(before.draftData).currentInput).toBe('')
    const [generation] = await sql<{ id: number }[]>`select id::int as id from generations where piece_id = ${owner.pieceId}`
    await finishGeneration(generation!.id, { status: 'failed', error: 'Something went wrong while building. No tokens were charged; please try again.' })
    const [user] = await sql<
      SessionUser[]
    >`select id::int as id, uid, email, username, selected_model as "selectedModel", show_token_usage as "showTokenUsage" from users where id = ${owner.userId}`
    const { chat } = await chatData({ ...user!, isAdmin: false, darkMode: true } as SessionUser, before, configuredOrigins())
    expect(chat.lastOutcome).toMatchObject({ status: 'failed' })
    expect(chat.draft.currentInput).toBe('a broken build')
  })

  it('carries on `complete` the draft and usage the page would otherwise re-read (issue 28)', async () => {
    const owner = await newOwner()
    const [row] = await sql<SessionUser[]>`
      select id::int as id, uid, email, username, selected_model as "selectedModel", show_token_usage as "showTokenUsage" from users where id = ${owner.userId}`
    const user = { ...row!, isAdmin: false, darkMode: true } as SessionUser
    const pageData = async () => (await chatData(user, (await getOwnPiece(owner.userId, owner.pieceId))!, configuredOrigins())).chat
    const code = (text: string) => `<!doctype html><html><body>${text}</body></html>`

    // The second send is made from before the first exchange (Confirm Overwrite): the saved draft drops it.
    for (const [message, at, overwrite] of [
      ['a counter', '-1', {}],
      ['a timer instead', '-1', { overwrite: 'yes' }],
    ] as const) {
      if (overwrite.overwrite) expect((await reply(post(owner, { intent: 'undo', at: '0' }))).status).toBe(200)
      expect((await reply(post(owner, { intent: 'send', message, at, ...overwrite }))).status).toBe(200)
      const before = await pageData()
      const [generation] = await sql<{ id: number }[]>`select id::int as id from generations where piece_id = ${owner.pieceId} and status = 'queued'`
      const result = { code: code(message), patch: '', patches: [], diffs: [], tokensUsed: 120, tokensSaved: 0 }
      expect(await finishGeneration(generation!.id, { status: 'complete', result })).toBe(true)

      const [stored] = await sql<{ id: number; payload: unknown }[]>`
        select id::int as id, payload from generation_events where piece_id = ${owner.pieceId} and payload->>'type' = 'complete' order by id desc limit 1`
      const event = ChatEventSchema.parse(stored!.payload)
      const after = await pageData()
      // What the page does with the event (app/chat/builder/use-completed-chat.ts) gives what a reload would.
      expect(addExchange({ ...before.draft, historyIndex: event.historyIndex! - 1 }, event.exchange!)).toEqual(after.draft)
      expect(after.draft.exchangeHistory.map((exchange) => exchange.userMessage.content)).toEqual([message])
      expect(event.usage).toEqual(await getUsage(owner.userId))
      expect(event.usage).toMatchObject(after.usage)
      expect(after.usage.dailyTokenCount).toBeGreaterThan(before.usage.dailyTokenCount)
      // The event is newer than the data read before it, and as new as the data read after it.
      expect(stored!.id).toBeGreaterThan(before.lastEventId)
      expect(after.lastEventId).toBe(stored!.id)
    }
  })

  it('applies a visual edit as the newest version, with 0 tokens, and refuses one that would not land on the element picked (issue 30.2)', async () => {
    const owner = await newOwner()
    const code = '<!doctype html><html><body><h1>Hello</h1><p>Keep me</p></body></html>'
    await updatePiece(owner.userId, owner.pieceId, { code, draftData: { currentInput: 'half typed', exchangeHistory: [] } })
    const at = code.indexOf('<h1>')
    const edit = (changes: unknown[], version = codeVersion(code)) => JSON.stringify({ version, at, tag: 'h1', changes })
    const applied = await reply(
      post(owner, {
        intent: 'visual-edit',
        at: '-1',
        edit: edit([
          { kind: 'text', from: 'Hello', to: 'Hi' },
          { kind: 'style', property: 'color', from: '', to: '#ff0000' },
        ]),
      }),
    )
    expect(applied).toEqual({ status: 200, body: { ok: true, done: { intent: 'visual-edit' } } })
    const draft = await draftOf(owner)
    expect(draft.historyIndex).toBe(0)
    expect(draft.currentInput).toBe('half typed')
    expect(draft.exchangeHistory[0]).toMatchObject({
      tokensUsed: 0,
      note: 'Edited visually: changed the text of the title ‘Hello’ to “Hi”, set its colour to #ff0000',
      assistantMessage: { content: '<!doctype html><html><body><h1 style="color: #ff0000">Hi</h1><p>Keep me</p></body></html>' },
    })
    // The saved code is untouched until Accept.
    expect((await getOwnPiece(owner.userId, owner.pieceId))!.code).toBe(code)

    // Picked in the code before this edit: the document changed, so nothing is written.
    const stale = await formRefusal(post(owner, { intent: 'visual-edit', at: '0', edit: edit([{ kind: 'text', from: 'Hello', to: 'Bye' }]) }))
    expect(stale).toEqual({ status: 409, message: VisualEditMessages.changed })
    // From an earlier point of the history.
    const behind = await formRefusal(post(owner, { intent: 'visual-edit', at: '-1', edit: edit([{ kind: 'text', from: 'Hi', to: 'Bye' }]) }))
    expect(behind).toEqual({ status: 409, message: VisualEditWords.notNewest })
    // Malformed JSON and values a style cannot take are refused before anything runs.
    expect((await formRefusal(post(owner, { intent: 'visual-edit', at: '0', edit: '{nope' }))).status).toBe(400)
    const current = (await draftOf(owner)).exchangeHistory[0]!.assistantMessage.content
    const unsafe = JSON.stringify({
      version: codeVersion(current),
      at,
      tag: 'h1',
      changes: [{ kind: 'style', property: 'color', from: '#ff0000', to: 'red;background:url(x)' }],
    })
    expect(await formRefusal(post(owner, { intent: 'visual-edit', at: '0', edit: unsafe }))).toEqual({ status: 409, message: VisualEditMessages.invalid })
    expect((await draftOf(owner)).exchangeHistory).toHaveLength(1)
  })

  it('never writes a visual edit over a draft saved after it was read: the write names the draft it read (issue 38.5)', async () => {
    const owner = await newOwner()
    const code = '<!doctype html><html><body><h1>Hello</h1></body></html>'
    await updatePiece(owner.userId, owner.pieceId, { code, draftData: { currentInput: '', exchangeHistory: [] } })
    const batch = (to: string): VisualEditBatch => ({
      version: codeVersion(code),
      at: code.indexOf('<h1>'),
      tag: 'h1',
      changes: [{ kind: 'text', from: 'Hello', to }],
    })
    const readNow = async () => (await getOwnPiece(owner.userId, owner.pieceId))!
    const applyAs = (piece: OwnPiece, to: string) => applyVisualEditToDraft(owner.userId, piece, readDraft(piece.draftData), batch(to))
    const contents = async () => (await draftOf(owner)).exchangeHistory.map((exchange) => exchange.assistantMessage.content)

    // This tab read the draft; another tab's edit is saved before this one writes.
    const read = await readNow()
    await applyAs(await readNow(), 'Other tab')
    await expect(applyAs(read, 'This tab')).rejects.toMatchObject({ kind: 'conflict', message: VisualEditMessages.changed })
    expect(await contents()).toEqual([code.replace('Hello', 'Other tab')])

    // Two edits at once from one read: one lands, the other is refused, nothing is lost in between.
    await updatePiece(owner.userId, owner.pieceId, { draftData: { currentInput: '', exchangeHistory: [] } })
    const both = await readNow()
    const outcomes = await Promise.allSettled([applyAs(both, 'First'), applyAs(both, 'Second')])
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected'])
    expect(await contents()).toHaveLength(1)
  })
})
