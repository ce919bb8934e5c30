import OpenAI from 'openai'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { builderPace, builderResponder, startOpenAIFake, type OpenAIFake } from './openai'

describe('OpenAI fake', () => {
  let fake: OpenAIFake
  let client: OpenAI

  beforeEach(async () => {
    fake = await startOpenAIFake()
    client = new OpenAI({ apiKey: 'test', baseURL: fake.baseURL, maxRetries: 0 })
  })
  afterEach(() => fake.close())

  it('answers a chat completion with the echo responder and plausible usage', async () => {
    const completion = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      messages: [
        { role: 'system', content: 'You build small web apps.' },
        { role: 'user', content: 'Make a todo list' },
      ],
    })

    expect(completion.object).toBe('chat.completion')
    expect(completion.choices[0]?.message).toMatchObject({ role: 'assistant', content: 'You said: Make a todo list' })
    expect(completion.choices[0]?.finish_reason).toBe('stop')
    expect(completion.usage?.completion_tokens).toBe(Math.ceil('You said: Make a todo list'.length / 4))
    expect(completion.usage?.prompt_tokens).toBeGreaterThan(8)
    expect(completion.usage?.total_tokens).toBe((completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0))
    expect(fake.requests).toHaveLength(1)
    expect(fake.requests[0]?.messages[1]).toEqual({ role: 'user', content: 'Make a todo list' })
  })

  it('streams scripted content in chunks, then the finish reason, usage and [DONE]', async () => {
    const plan = JSON.stringify({ steps: ['Layout', 'Styles', 'Behaviour'] })
    fake.setResponder(() => ({ content: `Plan: ${plan} done`, usage: { prompt_tokens: 120, completion_tokens: 30 } }))

    const stream = await client.chat.completions.create({
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'Plan it' }],
      stream: true,
      stream_options: { include_usage: true },
    })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)

    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')
    expect(text).toBe(`Plan: ${plan} done`)
    expect(chunks.length).toBeGreaterThan(4)
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true)
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)?.choices).toEqual([])
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 })
  })

  it('omits the usage chunk unless the client asks for it', async () => {
    const stream = await client.chat.completions.create({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }], stream: true })
    const chunks = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.some((chunk) => chunk.usage)).toBe(false)
  })

  it('stops streaming and records the abort when the client aborts', async () => {
    fake.setResponder(() => ({ content: 'word '.repeat(200) }))
    fake.steer({ hold: 'finish' })
    const controller = new AbortController()
    const stream = await client.chat.completions.create(
      { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Long answer please' }], stream: true },
      { signal: controller.signal },
    )
    let received = ''
    // The SDK ends the iteration quietly when its own signal aborts it.
    for await (const chunk of stream) {
      received += chunk.choices[0]?.delta.content ?? ''
      if (received.length > 20) controller.abort()
    }

    await vi.waitFor(() => expect(fake.aborts).toHaveLength(1))
    expect(fake.aborts[0]?.messages[0]?.content).toBe('Long answer please')
    expect(received.length).toBeLessThan('word '.repeat(200).length)
  })

  it('records an abort while the answer is held before its first byte', async () => {
    const steering = fake.steer({ hold: 'headers' })
    const controller = new AbortController()
    const request = client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal })
    await steering.held()
    controller.abort()
    await expect(request).rejects.toThrow(OpenAI.APIUserAbortError)
    await vi.waitFor(() => expect(fake.aborts).toHaveLength(1))
  })

  it('holds matching streams at the first chunk until released, and lets others pass', async () => {
    fake.setResponder(() => ({ content: 'one two three' }))
    const steering = fake.steer({ hold: 'first-chunk', match: ['please', 'hold me'] })
    const passing = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'not this one' }] })
    expect(passing.choices[0]?.message.content).toBe('one two three')

    const stream = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'please hold me' }], stream: true })
    const iterator = stream[Symbol.asyncIterator]()
    await iterator.next()
    expect((await iterator.next()).value?.choices[0]?.delta.content).toBe('one ')
    expect(await steering.held()).toBe(1)
    const rest = iterator.next()
    const settled = await Promise.race([rest.then(() => 'moved'), steering.held().then(() => 'still held')])
    expect(settled).toBe('still held')
    steering.release()
    expect((await rest).value?.choices[0]?.delta.content).toBe('two ')
  })

  it('is steered over HTTP: a scoped hold, held, release, and usage for matching requests only', async () => {
    const base = `${fake.baseURL.replace('/v1', '')}/__fake/steer`
    const post = (path: string, body?: object) => fetch(`${base}${path}`, { method: 'POST', body: body && JSON.stringify(body) })
    const { id } = (await (await post('', { hold: 'headers', match: 'mine', usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 } })).json()) as {
      id: string
    }
    const other = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'theirs' }] })
    expect(other.usage?.total_tokens).not.toBe(10)

    const answer = client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'mine' }] })
    expect(await (await fetch(`${base}/${id}/held`)).json()).toEqual({ held: 1 })
    await post(`/${id}/release`)
    expect((await answer).usage?.total_tokens).toBe(10)
    expect((await fetch(`${base}/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${base}/${id}/held`)).status).toBe(404)
  })

  it.each([
    [429, 'Rate limit reached for gpt-4.1-mini', OpenAI.RateLimitError, 'rate_limit_exceeded'],
    [500, 'The server had an error', OpenAI.InternalServerError, null],
  ])('surfaces a scripted %i as the SDK error class', async (status, message, ErrorClass, code) => {
    fake.setResponder(() => ({ status, error: message }))
    const error = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ErrorClass)
    expect(error).toMatchObject({ status, code, error: { message } })
  })

  it('passes garbage through for clients that must cope with it', async () => {
    fake.setResponder(() => ({ raw: '{"choices": [' }))
    await expect(client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toThrow()
  })

  it('truncates at max_completion_tokens with finish_reason length', async () => {
    fake.setResponder(() => ({ content: 'a'.repeat(400) }))
    const completion = await client.chat.completions.create({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'x' }], max_completion_tokens: 10 })
    expect(completion.choices[0]?.finish_reason).toBe('length')
    expect(completion.choices[0]?.message.content).toHaveLength(40)
    expect(completion.usage?.completion_tokens).toBe(10)
  })

  it('rejects a missing API key and an unknown model in OpenAI error shape', async () => {
    const anonymous = await fetch(`${fake.baseURL}/chat/completions`, { method: 'POST', body: '{}' })
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('API key') } })

    const error = await client.chat.completions.create({ model: 'gpt-9', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OpenAI.NotFoundError)
    expect(error).toMatchObject({ code: 'model_not_found' })
  })

  it('lists and retrieves models', async () => {
    const models = []
    for await (const model of client.models.list()) models.push(model.id)
    expect(models).toEqual(['gpt-5', 'gpt-4.1', 'gpt-4.1-mini'])
    expect(await client.models.retrieve('gpt-5')).toMatchObject({ id: 'gpt-5', object: 'model' })
  })

  describe('with a pace', () => {
    let paced: OpenAIFake
    let pacedClient: OpenAI
    beforeEach(async () => {
      paced = await startOpenAIFake({ responder: builderResponder, pace: builderPace({ planMs: 150, pageMs: 300 }) })
      pacedClient = new OpenAI({ apiKey: 'test', baseURL: paced.baseURL, maxRetries: 0 })
    })
    afterEach(() => paced.close())

    const plan = { role: 'system' as const, content: 'You plan changes to a small single-page web app.' }
    const step = { role: 'system' as const, content: 'You build one step.' }
    const request = { role: 'user' as const, content: 'Request: a counter\nStep 1 of 1: Build the page' }

    it('answers a plan after its delay and spreads a page over its stream time, recording each call', async () => {
      const started = performance.now()
      const answered = await pacedClient.chat.completions.create({ model: 'gpt-5', messages: [plan, request] })
      expect(performance.now() - started).toBeGreaterThanOrEqual(149)
      expect(answered.choices[0]?.message.content).toContain('"steps"')

      const streamed = performance.now()
      const stream = await pacedClient.chat.completions.create({ model: 'gpt-5', messages: [step, request], stream: true })
      const arrivals: number[] = []
      for await (const chunk of stream) if (chunk.choices[0]?.delta.content) arrivals.push(performance.now())
      expect(arrivals.length).toBeGreaterThan(4)
      // A lower bound only (a busy machine makes it later, never earlier): the last content chunk comes one gap
      // before the finish, so after (n - 1) / n of the stream time; less a millisecond a timer may round off.
      const gaps = arrivals.length - 1
      expect(arrivals.at(-1)! - streamed).toBeGreaterThanOrEqual((300 * gaps) / arrivals.length - gaps)

      expect(paced.calls).toHaveLength(2)
      for (const call of paced.calls) expect(call.endedAt).toBeGreaterThan(call.startedAt)
      expect(paced.calls[0]!.endedAt! - paced.calls[0]!.startedAt).toBeGreaterThanOrEqual(149)
    })

    it('sees calls in flight at once, and stops pacing a call whose client left', async () => {
      const controller = new AbortController()
      const left = pacedClient.chat.completions.create({ model: 'gpt-5', messages: [plan, request] }, { signal: controller.signal }).catch((e: unknown) => e)
      const kept = pacedClient.chat.completions.create({ model: 'gpt-5', messages: [plan, request] })
      while (paced.calls.length < 2) await new Promise((resolve) => setImmediate(resolve))
      expect(paced.calls.every((call) => call.endedAt === null)).toBe(true)
      controller.abort()
      expect(await left).toBeInstanceOf(Error)
      await kept
      await vi.waitFor(() => expect(paced.aborts).toHaveLength(1))
      const [first, second] = paced.calls
      expect(first!.endedAt! - first!.startedAt).toBeLessThan(second!.endedAt! - second!.startedAt)
    })
  })
})
