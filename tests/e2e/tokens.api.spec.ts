import { expect, test, type APIRequestContext } from '@playwright/test'

const email = () => `token.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
const password = 'correct horse battery'

/** Signs up through the real form post and returns the email. */
async function signUp(request: APIRequestContext) {
  const address = email()
  const response = await request.post('/signup', { form: { email: address, password }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  return address
}

test.describe('bearer tokens for API clients', () => {
  test('email and password give a token that works on private calls', async ({ playwright, baseURL }) => {
    const browserless = await playwright.request.newContext({ baseURL })
    const address = await signUp(browserless)
    const api = await playwright.request.newContext({ baseURL })
    const issued = await api.post('/api/public/auth/token', { data: { email: address, password } })
    expect(issued.status()).toBe(201)
    const { token, tokenType, expiresAt } = await issued.json()
    expect(tokenType).toBe('Bearer')
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(3500)
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(3600)
    const auth = { Authorization: `Bearer ${token}` }

    const onboarding = await api.get('/api/private/users/onb-status', { headers: auth })
    expect(await onboarding.json()).toEqual({ needsOnboarding: true })
    const taken = await api.patch('/api/private/users/username', { headers: auth, data: { username: 'x!' } })
    expect(taken.status()).toBe(400)
    expect((await taken.json()).message).toBe('Username must be at least 3 characters')
    const username = `api_${Math.random().toString(36).slice(2, 10)}`
    const set = await api.patch('/api/private/users/username', { headers: auth, data: { username: `  ${username.toUpperCase()} ` } })
    expect(await set.json()).toEqual({ username })
    expect(await (await api.get('/api/private/users/onb-status', { headers: auth })).json()).toEqual({ needsOnboarding: false })
    expect(await (await api.get(`/api/private/users/check-username?username=${username}`, { headers: auth })).json()).toEqual({ exists: false })

    const preferences = await (await api.get('/api/private/users/preferences', { headers: auth })).json()
    expect(preferences).toMatchObject({ username, isAdmin: false, showTokenUsage: false, darkMode: true, selectedModel: 'gpt-4.1-mini' })

    expect((await api.patch('/api/private/users/dark-mode', { headers: auth, data: { darkMode: false } })).status()).toBe(200)
    expect((await api.patch('/api/private/users/token-usage', { headers: auth, data: { showTokenUsage: true } })).status()).toBe(200)
    const wrongType = await api.patch('/api/private/users/dark-mode', { headers: auth, data: { darkMode: 'yes' } })
    expect(wrongType.status()).toBe(400)
    expect(await wrongType.json()).toEqual({ message: 'darkMode must be true or false' })
    const unknownModel = await api.patch('/api/private/users/model', { headers: auth, data: { selectedModel: 'gpt-99' } })
    expect(await unknownModel.json()).toEqual({ selectedModel: 'gpt-4.1-mini' })
    const plusModel = await api.patch('/api/private/users/model', { headers: auth, data: { selectedModel: 'gpt-5' } })
    expect(plusModel.status()).toBe(403)
    expect(await plusModel.json()).toMatchObject({ requiresSubscription: true })
    expect(await (await api.get('/api/private/users/preferences', { headers: auth })).json()).toMatchObject({ darkMode: false, showTokenUsage: true })

    const status = await (await api.get(`/api/opt/users/sub-status?userId=${preferences.id}`)).json()
    expect(status).toMatchObject({ status: 'none' })
    expect(await (await api.get(`/api/public/users/check?firebaseUid=${preferences.id}`)).json()).toEqual({ exists: true })
    const registered = await api.post('/api/public/users/register', { data: { email: address, firebaseUid: preferences.id } })
    expect(registered.status()).toBe(200)
    expect((await api.post('/api/public/users/register', { data: { email: address, firebaseUid: preferences.id } })).status()).toBe(200)

    const revoked = await api.post('/api/private/auth/revoke', { headers: auth })
    expect(await revoked.json()).toEqual({ revoked: true })
    const after = await api.get('/api/private/users/preferences', { headers: auth })
    expect(after.status()).toBe(401)
  })

  test('missing, forged and malformed tokens get a JSON 401', async ({ request }) => {
    const none = await request.get('/api/private/users/preferences')
    expect(none.status()).toBe(401)
    expect(await none.json()).toEqual({ message: 'Authentication required' })
    for (const token of ['nonsense', 'abc.123.def', `abc.${Math.floor(Date.now() / 1000) + 60}.forgedsignature`]) {
      const response = await request.get('/api/private/users/preferences', { headers: { Authorization: `Bearer ${token}` } })
      expect(response.status(), token).toBe(401)
      expect(await response.json()).toEqual({ message: 'Invalid or expired token' })
    }
  })

  test('wrong credentials get the spec messages', async ({ request }) => {
    const address = await signUp(request)
    const wrong = await request.post('/api/public/auth/token', { data: { email: address, password: 'wrong password' } })
    expect(wrong.status()).toBe(401)
    expect(await wrong.json()).toEqual({ message: 'Invalid email or password. Please check your credentials and try again' })
    const unknown = await request.post('/api/public/auth/token', { data: { email: email(), password } })
    expect(await unknown.json()).toEqual({ message: 'No account found with this email. Please sign up first' })
  })

  test('a session can mint a token, and logging out revokes it', async ({ request }) => {
    await signUp(request)
    const issued = await request.post('/api/private/auth/token')
    expect(issued.status()).toBe(201)
    const { token } = await issued.json()
    const auth = { Authorization: `Bearer ${token}` }
    expect((await request.get('/api/private/users/onb-status', { headers: auth })).status()).toBe(200)
    const logout = await request.post('/logout', { maxRedirects: 0 })
    expect(logout.status()).toBe(302)
    expect(logout.headers()['location']).toBe('/signin')
    expect((await request.get('/api/private/users/onb-status', { headers: auth })).status()).toBe(401)
  })

  test('registration of an unknown identity fails cleanly', async ({ request }) => {
    const response = await request.post('/api/public/users/register', { data: { email: email(), firebaseUid: 'no-such-uid' } })
    expect(response.status()).toBe(404)
    expect(await response.json()).toEqual({ message: 'Failed to register user' })
    expect(await (await request.get('/api/public/users/check?firebaseUid=no-such-uid')).json()).toEqual({ exists: false })
  })
})
