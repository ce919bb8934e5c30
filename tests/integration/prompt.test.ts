import type { AppLoadContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { createSession } from '../../app/accounts/session.server'
import { setUsername } from '../../app/accounts/users.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { arrivingPrompt } from '../../app/pieces/prompt.server'
import { RANDOM_PIECE_NAME_PATTERN } from '../../app/pieces/schema'
import { action as onboardingAction } from '../../app/routes/onboarding'
import { loader as editorLoader } from '../../app/routes/piece-editor'
import { loader as piecesLoader } from '../../app/routes/pieces'
import { thrown } from '../support/routes'

/**
 * Issue 15, item 10 (d): spec 2 §2's `?prompt=` is sent automatically only into the Piece
 * that onboarding created for it; any other `?prompt=` only fills the input.
 */
const APP = 'http://localhost'
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const uniqueEmail = () => `prompt.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const uniqueName = (label = 'p') => `${label}_${Math.random().toString(36).slice(2, 10)}`

type EditorData = {
  data: { piece: { id: number; name: string }; chat: { draft: { currentInput: string } }; prompt: { text: string; autoSend: boolean } | null }
}

async function newUser({ onboarded = true } = {}) {
  const created = await registerWithPassword(uniqueEmail(), 'correct horse battery')
  if (!created.ok) throw new Error('setup failed')
  if (onboarded) await setUsername(created.userId, uniqueName('u'))
  const cookie = (await createSession(created.userId)).split(';')[0]!
  return { id: created.userId, cookie }
}

/** The editor's loader data for an address, as the browser would load it. */
async function openEditor(location: string, cookie: string) {
  const url = new URL(location, APP)
  const pieceName = decodeURIComponent(url.pathname.replace(/^\/pieces\//, ''))
  const loaded = (await editorLoader({ request: new Request(url, { headers: { cookie } }), context, params: { pieceName } })) as unknown as EditorData
  return loaded.data
}

async function onboardWithPrompt(cookie: string, prompt: string) {
  const request = new Request(`${APP}/onboarding?${new URLSearchParams({ prompt })}`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ username: uniqueName('u') }),
  })
  const response = (await onboardingAction({ request, context, params: {} })) as unknown as Response
  expect(response.status).toBe(302)
  return response.headers.get('location')!
}

describe('the prompt parameter in the editor', () => {
  it('is sent into the Piece onboarding created for it', async () => {
    const user = await newUser({ onboarded: false })
    const location = await onboardWithPrompt(user.cookie, 'a tip calculator')
    expect(new URL(location, APP).pathname).toMatch(/^\/pieces\/piece_[0-9a-f]{8}$/)
    const editor = await openEditor(location, user.cookie)
    expect(editor.piece.name).toMatch(RANDOM_PIECE_NAME_PATTERN)
    expect(editor.prompt).toEqual({ text: 'a tip calculator', autoSend: true })
  })

  it('only fills the input when /pieces?prompt= lands on the latest Piece', async () => {
    const user = await newUser()
    const latest = await createPiece(user.id, { name: uniqueName() })
    const redirect = await thrown(
      piecesLoader({ request: new Request(`${APP}/pieces?prompt=delete%20everything`, { headers: { cookie: user.cookie } }), context, params: {} }),
    )
    expect(redirect.status).toBe(302)
    const location = redirect.headers.get('location')!
    expect(location).toBe(`/pieces/${latest.name}?prompt=delete%20everything`)
    const editor = await openEditor(location, user.cookie)
    expect(editor.prompt).toEqual({ text: 'delete everything', autoSend: false })
  })

  it('only fills the input for a link from elsewhere, whatever mark it carries', async () => {
    const victim = await newUser()
    const piece = await createPiece(victim.id, { name: uniqueName() })
    const prompt = 'make it mine'
    // The attacker's own onboarding gives a real mark, for the attacker's Piece and account.
    const attacker = await newUser({ onboarded: false })
    const attackerLocation = new URL(await onboardWithPrompt(attacker.cookie, prompt), APP)
    const theirMark = attackerLocation.searchParams.get('send')!
    expect((await openEditor(attackerLocation.pathname + attackerLocation.search, attacker.cookie)).prompt?.autoSend).toBe(true)

    for (const send of [null, '', 'x', theirMark, `${Math.floor(Date.now() / 1000) + 600}.${'A'.repeat(43)}`]) {
      const params = new URLSearchParams({ prompt })
      if (send !== null) params.set('send', send)
      const editor = await openEditor(`/pieces/${piece.name}?${params}`, victim.cookie)
      expect(editor.prompt, String(send)).toEqual({ text: prompt, autoSend: false })
    }
  })

  it('binds the mark to its prompt and expires it', async () => {
    const user = await newUser({ onboarded: false })
    const location = new URL(await onboardWithPrompt(user.cookie, 'a timer'), APP)
    const editor = await openEditor(location.pathname + location.search, user.cookie)
    const pieceId = editor.piece.id

    const changed = new URL(location)
    changed.searchParams.set('prompt', 'something else')
    expect((await openEditor(changed.pathname + changed.search, user.cookie)).prompt).toEqual({ text: 'something else', autoSend: false })

    const request = new Request(location)
    expect(arrivingPrompt(request, user.id, pieceId)?.autoSend).toBe(true)
    expect(arrivingPrompt(request, user.id, pieceId, Date.now() + 11 * 60 * 1000)?.autoSend).toBe(false)
    expect(arrivingPrompt(request, user.id + 1, pieceId)?.autoSend).toBe(false)
    expect(arrivingPrompt(request, user.id, pieceId + 1)?.autoSend).toBe(false)
  })

  it('is absent without a prompt, or with a blank one', async () => {
    const user = await newUser()
    const piece = await createPiece(user.id, { name: uniqueName() })
    expect((await openEditor(`/pieces/${piece.name}`, user.cookie)).prompt).toBeNull()
    expect((await openEditor(`/pieces/${piece.name}?prompt=%20%20`, user.cookie)).prompt).toBeNull()
  })
})
