import type { AppLoadContext } from '@remix-run/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '../../app/accounts/accounts.server'
import { createSession } from '../../app/accounts/session.server'
import { setUsername } from '../../app/accounts/users.server'
import { createPiece } from '../../app/pieces/pieces.server'
import { loader as editorLoader } from '../../app/routes/piece-editor'
import { loader as pageLoader } from '../../app/routes/piece-page'
import { action as signInAction } from '../../app/routes/signin'
import { thrown } from '../support/routes'
import { resetEnv } from '../../app/lib/env.server'

/** Issue 15, items 4 and 5: no address of ours sends a browser to another site. */
const APP = 'http://localhost:3000'
const context = { nonce: 'n', rateLimited: false, clientIp: '127.0.0.1' } satisfies AppLoadContext
const uniqueEmail = () => `redirects.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`
const uniqueName = (label = 'r') => `${label}_${Math.random().toString(36).slice(2, 10)}`

beforeAll(() => {
  process.env.APP_ORIGIN = APP
  resetEnv()
})

/** The targets of the attack test and their relatives, as a `redirect` field would carry them. */
const CORPUS = [
  '//evil.example',
  '/\\evil.example',
  '/%09/evil.example',
  '\t//evil.example',
  'https://evil.example',
  '/%2F%2Fevil.example',
  'javascript:alert(1)',
  '/\t/evil.example',
  '/ /evil.example',
  '/\\\\evil.example',
  '\\/evil.example',
  '/%5Cevil.example',
  '/%0d%0a/evil.example',
  '/\r\n/evil.example',
  '/.//evil.example',
  'http://localhost:3000.evil.example/',
]

/** Where a browser on our origin would go with this Location header. */
function landsOn(location: string | null) {
  expect(location).not.toBeNull()
  return new URL(location!, APP)
}

function expectOurs(location: string | null) {
  const url = landsOn(location)
  expect(url.origin).toBe(APP)
  // What a route would read from the address: never a segment that starts another host.
  expect(decodeURIComponent(url.pathname)).not.toMatch(/\/\/|\\|\p{Cc}/u)
}

describe('after sign-in', () => {
  it('sends the user to a path of ours, or to /explore', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (const target of CORPUS) {
      const request = new Request(`${APP}/signin`, {
        method: 'POST',
        body: new URLSearchParams({ email, password: 'correct horse battery', redirect: target }),
      })
      const response = (await signInAction({ request, context, params: {} })) as unknown as Response
      expect(response.status, target).toBe(302)
      expectOurs(response.headers.get('location'))
    }
  })

  it('refuses the tab and encoded-slash forms outright', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    for (const target of ['/%09/evil.example', '/\t/evil.example', '/%2F%2Fevil.example', '/%5Cevil.example']) {
      const request = new Request(`${APP}/signin`, {
        method: 'POST',
        body: new URLSearchParams({ email, password: 'correct horse battery', redirect: target }),
      })
      const response = (await signInAction({ request, context, params: {} })) as unknown as Response
      expect(response.headers.get('location'), target).toBe('/explore')
    }
  })

  it('keeps a real page and its query', async () => {
    const email = uniqueEmail()
    await registerWithPassword(email, 'correct horse battery')
    const request = new Request(`${APP}/signin`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'correct horse battery', redirect: '/settings/faq?x=1' }),
    })
    const response = (await signInAction({ request, context, params: {} })) as unknown as Response
    expect(response.headers.get('location')).toBe('/settings/faq?x=1')
  })
})

describe('/{name} and /pieces/{name}', () => {
  // Remix hands the route the decoded segment: '/%09%2Fevil.example' arrives as '\t/evil.example'.
  const hostile = [
    '//evil.example',
    '//Evil.example',
    '\\evil.example',
    '\\Evil.example',
    '\t/evil.example',
    '\t/Evil.example',
    '/evil.example',
    '@someone',
    'a b c',
    'x'.repeat(25),
  ]

  it('answers a name no Piece could have with a 404, for visitors and users alike', async () => {
    const created = await registerWithPassword(uniqueEmail(), 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    await setUsername(created.userId, uniqueName('u'))
    const cookie = (await createSession(created.userId)).split(';')[0]!
    for (const name of hostile) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const request = new Request(`${APP}/${encodeURIComponent(name)}?x=1`, { headers })
        const response = await thrown(pageLoader({ request, context, params: { name } }))
        expect(response.status, name).toBe(404)
      }
      const request = new Request(`${APP}/pieces/${encodeURIComponent(name)}`, { headers: { cookie } })
      const response = await thrown(editorLoader({ request, context, params: { pieceName: name } }))
      expect(response.status, name).toBe(404)
    }
  })

  it('sends a name in another case to the lower-case address, on our origin', async () => {
    const created = await registerWithPassword(uniqueEmail(), 'correct horse battery')
    if (!created.ok) throw new Error('setup failed')
    await setUsername(created.userId, uniqueName('u'))
    const cookie = (await createSession(created.userId)).split(';')[0]!
    const piece = await createPiece(created.userId, { name: uniqueName('case') })
    const upper = piece.name.toUpperCase()

    const page = await thrown(pageLoader({ request: new Request(`${APP}/${upper}?a=%2F%2Fx`), context, params: { name: upper } }))
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(`/${piece.name}?a=%2F%2Fx`)

    const editor = await thrown(
      editorLoader({ request: new Request(`${APP}/pieces/${upper}`, { headers: { cookie } }), context, params: { pieceName: upper } }),
    )
    expect(editor.status).toBe(302)
    expect(editor.headers.get('location')).toBe(`/pieces/${piece.name}`)

    // Surrounding white space is trimmed the same way, and still lands on our origin.
    const spaced = `\t${piece.name}`
    const trimmed = await thrown(pageLoader({ request: new Request(`${APP}/${encodeURIComponent(spaced)}`), context, params: { name: spaced } }))
    expect(trimmed.headers.get('location')).toBe(`/${piece.name}`)
  })
})
