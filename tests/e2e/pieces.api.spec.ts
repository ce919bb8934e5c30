import { expect, test, type APIRequestContext } from '@playwright/test'

const password = 'correct horse battery'
const uniqueName = (label = 'api') => `${label}_${Math.random().toString(36).slice(2, 10)}`

/** Signs up through the real form post and trades the credentials for a bearer token. */
async function bearer(request: APIRequestContext) {
  const email = `pieces.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
  const signedUp = await request.post('/signup', { form: { email, password }, maxRedirects: 0 })
  expect(signedUp.status()).toBe(302)
  const issued = await request.post('/api/public/auth/token', { data: { email, password } })
  expect(issued.status()).toBe(201)
  const { token } = await issued.json()
  return { Authorization: `Bearer ${token}` }
}

test.describe('the Pieces API over HTTP with bearer tokens', () => {
  test('create, list, look up, change and delete a Piece', async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL })
    const visitor = await playwright.request.newContext({ baseURL })
    const auth = await bearer(await playwright.request.newContext({ baseURL }))
    const other = await bearer(await playwright.request.newContext({ baseURL }))

    const name = uniqueName()
    const created = await api.post('/api/private/pieces', { headers: auth, data: { name: name.toUpperCase(), visibility: 'public' } })
    expect(created.status()).toBe(201)
    const piece = await created.json()
    expect(piece).toMatchObject({ name, description: '', icon: '', visibility: 'public', userId: expect.any(String) })
    expect(piece.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)

    const taken = await api.post('/api/private/pieces', { headers: other, data: { name, visibility: 'public' } })
    expect(taken.status()).toBe(409)
    expect(await taken.json()).toEqual({ message: 'Name already taken' })
    expect(await (await api.get(`/api/private/pieces/check-name?name=${name}`, { headers: other })).json()).toEqual({ exists: true })

    const second = await (await api.post('/api/private/pieces', { headers: auth, data: { name: uniqueName(), visibility: 'public' } })).json()
    const first = await api.get('/api/private/pieces?limit=1', { headers: auth })
    const page = await first.json()
    expect(page).toMatchObject({ data: [{ id: second.id }], has_more: true })
    const next = await (await api.get(`/api/private/pieces?limit=20&starting_after=${encodeURIComponent(page.data[0].updatedAt)}`, { headers: auth })).json()
    expect(next.data.map((item: { id: number }) => item.id)).toEqual([piece.id])
    expect(next.has_more).toBe(false)

    const own = await api.get(`/api/private/pieces/by-name?name=${name}&_t=${Date.now()}`, { headers: auth })
    expect(own.status()).toBe(200)
    expect(own.headers()['cache-control']).toContain('no-store')
    expect(await own.json()).toMatchObject({ id: piece.id, code: '', draftData: null })
    const notMine = await api.get(`/api/private/pieces/by-name?name=${name}&_t=${Date.now()}`, { headers: other })
    expect(notMine.status()).toBe(404)
    expect(await notMine.text()).toBe('null')

    const renamed = uniqueName('renamed')
    const patched = await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: auth, data: { name: renamed, description: '  A tiny app  ' } })
    expect(patched.status()).toBe(200)
    expect(await patched.json()).toMatchObject({ id: piece.id, name: renamed, description: 'A tiny app' })
    const privateRefused = await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: auth, data: { visibility: 'private' } })
    expect(privateRefused.status()).toBe(403)
    expect(await privateRefused.json()).toMatchObject({ requiresSubscription: true })
    const wrongType = await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: auth, data: { description: 7 } })
    expect(wrongType.status()).toBe(400)
    expect(await wrongType.json()).toEqual({ message: 'description must be a string' })
    const intruder = await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: other, data: { description: 'mine now' } })
    expect(intruder.status()).toBe(404)

    const publicView = await visitor.get(`/api/opt/pieces/by-name?name=${renamed}`)
    expect(publicView.status()).toBe(200)
    expect(await publicView.json()).toMatchObject({ id: piece.id, name: renamed, description: 'A tiny app', visibility: 'public' })
    const gallery = await (await visitor.get('/api/opt/pieces?limit=12')).json()
    expect(gallery).toMatchObject({ data: expect.any(Array), has_more: expect.any(Boolean) })

    expect((await api.delete(`/api/private/pieces?id=${piece.id}`, { headers: other })).status()).toBe(404)
    const deleted = await api.delete(`/api/private/pieces?id=${piece.id}`, { headers: auth })
    expect(deleted.status()).toBe(200)
    expect((await visitor.get(`/api/opt/pieces/by-name?name=${renamed}`)).status()).toBe(404)
    expect(await (await api.get(`/api/private/pieces/check-name?name=${renamed}`, { headers: auth })).json()).toEqual({ exists: false })
  })

  test('an icon sent as a data URL is stored and served by its hash', async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL })
    const auth = await bearer(await playwright.request.newContext({ baseURL }))
    const piece = await (await api.post('/api/private/pieces', { headers: auth, data: { name: uniqueName('icon'), visibility: 'public' } })).json()
    // A 1×1 PNG.
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    const patched = await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: auth, data: { icon: `data:image/png;base64,${png}` } })
    expect(patched.status()).toBe(200)
    const { icon } = await patched.json()
    expect(icon).toMatch(/^\/images\/[0-9a-f]{64}\.png$/)
    const served = await api.get(icon)
    expect(served.status()).toBe(200)
    expect(served.headers()['content-type']).toBe('image/png')
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await served.body()).equals(Buffer.from(png, 'base64'))).toBe(true)
    const notAnImage = await api.patch(`/api/private/pieces?id=${piece.id}`, {
      headers: auth,
      data: { icon: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}` },
    })
    expect(notAnImage.status()).toBe(400)
    expect((await api.patch(`/api/private/pieces?id=${piece.id}`, { headers: auth, data: { icon: '' } })).status()).toBe(200)
  })

  test('private calls without a token get a JSON 401', async ({ request }) => {
    for (const path of ['/api/private/pieces', '/api/private/pieces/by-name?name=abc', '/api/private/pieces/check-name?name=abc']) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(401)
      expect(await response.json()).toEqual({ message: 'Authentication required' })
    }
  })
})
