import { describe, expect, it } from 'vitest'
import { FOLLOW_UPS, judgeFollowUp, judgePrompt, PROMPTS } from '../../../bench/offline-corpus'
import { applyPatches } from '../patch'
import { estimateTokens, patchCost } from '../tokens'
import { codeVersion } from '~/pieces/code-version'
import { applyVisualEdits } from '../visual/splice'
import { buildApp, IMAGES_IGNORED, IMAGES_ONLY, OFFLINE_NOTE, offlineGenerate, ONE_PERSON } from '.'
import { KINDS } from './kinds'
import { GAME_SCORES_ANSWER, SHARED_ANSWERS } from './shared'
import { targetedEdit } from './targeted'

const scriptOf = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''

describe('the offline planner', () => {
  it.each(PROMPTS.map((item) => [item.prompt, item] as const))('builds %s as asked', (_, item) => {
    const verdict = judgePrompt(item)
    expect(verdict.problems).toEqual([])
    if ('answer' in item) {
      // A subject it lacks is answered, with nothing built and nothing charged.
      expect(verdict.result).toMatchObject({ code: '', patches: [], full: false })
      return
    }
    const { code } = verdict.result
    expect(code).toMatch(/^<!doctype html>/)
    expect(code).toContain(OFFLINE_NOTE)
    // The app's script is valid JavaScript (the bench runs every page in Chromium).
    expect(() => new Function(scriptOf(code))).not.toThrow()
  })

  it('knows at least 30 kinds, and the corpus builds each of them', () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(30)
    const built = new Set(PROMPTS.map((item) => judgePrompt(item).result.kind))
    expect(built.size).toBeGreaterThanOrEqual(30)
    expect(PROMPTS.length).toBeGreaterThanOrEqual(60)
  })

  it('escapes names from the prompt and never pastes a prompt it cannot build', () => {
    const page = buildApp('a landing page for a bakery called "<b>Cats</b>"')!.code
    expect(page).toContain('&lt;b&gt;Cats&lt;/b&gt;')
    expect(page).not.toContain('<b>Cats</b>')
    const unknown = offlineGenerate('a spaceship flight simulator with physics', '')
    expect(unknown.code).toBe('')
    expect(unknown.answer).toMatch(/^Offline mode can't do that yet: .*Connect a model \(OPENAI_API_KEY\) for anything else\.$/)
  })

  it('says images are not understood offline, and builds from the words beside them', () => {
    const current = buildApp('a counter')!.code
    expect(offlineGenerate('', current, 1)).toMatchObject({ code: current, patches: [], answer: IMAGES_ONLY })
    const built = offlineGenerate('a tip calculator', '', 2)
    expect(built).toMatchObject({ kind: 'tip-calculator', answer: IMAGES_IGNORED })
  })
})

describe('offline follow-ups', () => {
  it.each(FOLLOW_UPS.map((item) => [`${item.base} → ${item.request}`, item] as const))('%s', (_, item) => {
    const verdict = judgeFollowUp(item)
    expect(verdict.problems).toEqual([])
    const { result, before } = verdict
    if (item.answer) {
      expect(result.code).toBe(before)
      expect(result.answer).toMatch(/^(?:Offline mode can't do that yet|Nothing changed): /)
      expect(result.answer).not.toContain('undefined')
    } else if (!result.full) {
      // An edit is real patches on the page it was asked of, cheaper than a rewrite.
      expect(applyPatches(before, result.patches)).toMatchObject({ ok: true, code: result.code })
      expect(patchCost(result.patches)).toBeLessThan(estimateTokens(result.code))
      expect(() => new Function(scriptOf(result.code))).not.toThrow()
    }
  })

  it('covers at least 40 follow-ups, and a page not made offline is answered, not guessed at', () => {
    expect(FOLLOW_UPS.length).toBeGreaterThanOrEqual(40)
    const foreign = '<!doctype html><html><body><p>Hand made</p></body></html>'
    const answered = offlineGenerate('add a reset button', foreign)
    expect(answered.code).toBe(foreign)
    expect(answered.answer).toContain('no button bar')
  })
})

describe('the first edits people try (issue 37.8)', () => {
  const counter = buildApp('a counter')!.code

  it('says the title, sizes the title, and gives a named colour its shade', () => {
    expect(offlineGenerate('Make the title say Focus', buildApp('a timer')!.code).code).toContain('<h1 id="title">Focus</h1>')
    const titled = offlineGenerate('make the title bigger', counter)
    expect(titled.answer).toBeUndefined()
    expect(titled.code).toContain('#title { font-size: 2.5rem; }')
    // Asked again, the title grows again from the size it has.
    expect(offlineGenerate('make the title bigger', titled.code).code).toContain('#title { font-size: 3.13rem; }')
    expect(offlineGenerate('make the background dark blue', counter).code).toContain('--background: #143681;')
    expect(offlineGenerate('make it dark blue', counter).code).toContain('--background: #f8fafc;')
  })

  it('colours the title, adds and changes a footer, on any page, a poll too (found walking the product)', () => {
    const poll = buildApp('a poll: which snack for friday, pizza or tacos')!.code
    expect(poll).toContain('<h1 id="title">Which snack for friday?</h1>')
    expect([...poll.matchAll(/data-option="([^"]*)"/g)].map((match) => match[1])).toEqual(['Pizza', 'Tacos'])
    expect([...buildApp('a poll about the next book, dune or emma')!.code.matchAll(/data-option="([^"]*)"/g)].map((match) => match[1])).toEqual([
      'Dune',
      'Emma',
    ])
    const blue = offlineGenerate('make the title dark blue', poll)
    expect(blue.answer).toBeUndefined()
    expect(blue.code).toContain('#title { color: #143681; }')
    // Asked again, the same rule changes.
    const red = offlineGenerate('make the title red', blue.code)
    expect(red.code).not.toContain('#143681')
    expect(red.code.match(/#title \{ color: /g)).toHaveLength(1)
    const footed = offlineGenerate('add a footer that says made with care', counter)
    expect(footed.answer).toBeUndefined()
    expect(footed.code).toContain('<footer id="page-footer" class="note">Made with care</footer>')
    expect(offlineGenerate('change the footer to Thanks for visiting', footed.code).code).toContain(
      '<footer id="page-footer" class="note">Thanks for visiting</footer>',
    )
    expect(offlineGenerate('add a footer that says made with care', footed.code)).toMatchObject({
      code: footed.code,
      answer: expect.stringMatching(/already says “Made with care”/),
    })
  })

  it('makes the text bigger each time it is asked, and says so at the limit', () => {
    const once = offlineGenerate('make the font bigger', counter)
    const twice = offlineGenerate('make the font bigger', once.code)
    expect(twice.answer).toBeUndefined()
    expect(twice.code).toContain('--size: 22px;')
    const largest = offlineGenerate('make the font 32px', counter).code
    expect(offlineGenerate('make the font bigger', largest)).toMatchObject({ code: largest, answer: expect.stringMatching(/^Nothing changed: .*32px/) })
  })

  it('after a visual edit of the title’s size, makes the title and the font bigger', () => {
    const at = counter.indexOf('<h1')
    const sized = applyVisualEdits(counter, {
      version: codeVersion(counter),
      at,
      tag: 'h1',
      changes: [{ kind: 'style', property: 'font-size', from: '', to: '48px' }],
    })
    if (!sized.ok) throw new Error(sized.message)
    expect(offlineGenerate('make the title bigger', sized.html).code).toContain('<h1 style="font-size: 60px" id="title">')
    expect(offlineGenerate('make the font bigger', sized.html).code).toContain('--size: 19px;')
    // With the title picked, "bigger" is bigger than the size it was given, never 1.5em of the page's.
    const span = { start: at, end: sized.html.indexOf('</h1>') + 5, tag: 'h1', ancestors: [] }
    expect(targetedEdit('make the font bigger', sized.html, span).code).toContain('<h1 style="font-size: 60px" id="title">')
  })

  it('adds a dark mode toggle that switches, without turning the page dark', () => {
    const toggled = offlineGenerate('add a dark mode toggle', counter)
    expect(toggled.code).toContain('data-action="theme" aria-pressed="false">Dark mode</button>')
    expect(toggled.code).toContain('--background: #f8fafc;')
  })

  it('answers that the count is already remembered across reloads', () => {
    expect(offlineGenerate('remember the count when I reload the page', counter)).toMatchObject({
      code: counter,
      answer: expect.stringContaining('already keeps its data in this browser’s storage'),
    })
  })

  it('offers Edit visually for an edit of one element it cannot make', () => {
    expect(offlineGenerate('make the title spin', counter).answer).toMatch(/Try Edit visually: pick the title in the preview/)
    expect(offlineGenerate('make the Reset button wiggle', counter).answer).toContain('Try Edit visually: pick the “Reset” button')
    // A request about no element of the page gets no such offer.
    expect(offlineGenerate('connect it to my Google calendar', counter).answer).not.toContain('Edit visually')
  })
})

describe('apps whose data everyone shares (issue 39.6)', () => {
  const cases = [
    ['a poll for our team lunch with pizza, tacos and sushi', 'poll', 'poll', 'Votes are shared: everyone sees the same counts'],
    ['a guestbook for my website', 'guestbook', 'guestbook', 'Entries are shared: everyone sees them'],
    ['a sign-up sheet for the bake sale: cakes, cookies and lemonade', 'signup-sheet', 'signups', 'everyone sees who brings what'],
    ['a shared reading list for my class', 'shared-list', 'list', 'The list is shared'],
    ['a leaderboard for our table tennis club', 'high-scores', 'scores', 'same top 10'],
    ['a shared grocery budget where each roommate pays their share', 'expense-splitter', 'expenses', 'who owes whom'],
  ] as const

  it.each(cases)('%s: a %s on pieces.data, followed live, and the chat says what is shared', (prompt, kind, collection, says) => {
    const built = offlineGenerate(prompt, '')
    expect(built.kind).toBe(kind)
    expect(built.answer).toBe(SHARED_ANSWERS[kind])
    expect(built.answer).toContain(says)
    const script = scriptOf(built.code)
    expect(() => new Function(script)).not.toThrow()
    // Its collection is followed live (subscribe, then the first read) and written as shared data.
    expect(script).toContain(`follow('${collection}'`)
    expect(script).toContain('data.subscribe(collection')
    expect(script).toMatch(new RegExp(`data\\.shared\\.(?:add|increment)\\((?:collection|'${collection}')`))
    // Names come from the server: no field asks for one, and Remove is offered on one's own entries only.
    expect(built.code).not.toMatch(/<label[^>]*>\s*(?:Your )?name\b/i)
    expect(script).toContain('record.by.you ? [removeButton(')
    // Errors show what they mean (the API's message for each code).
    expect(script).toContain('error.message')
  })

  it('builds the shared splitter where it built a one-person tracker, and keeps the plain tracker plain', () => {
    const built = offlineGenerate('a shared grocery budget where each roommate pays their share', '')
    expect(built.answer).not.toMatch(/cannot share data/)
    expect(built.code).toContain('<h1 id="title">Grocery expenses, shared</h1>')
    expect(offlineGenerate('an expense tracker with a budget of 500', '')).toMatchObject({ kind: 'expense-tracker', answer: undefined })
  })

  it.each([
    ['a snake game with a leaderboard', 'snake', 'gameOver(score)', 'b.value.score - a.value.score'],
    ['a typing speed test with high scores', 'typing-test', 'gameOver(minutes > 0', 'b.value.score - a.value.score'],
    ['a memory game with a top 10', 'memory-game', 'gameOver(moves)', 'a.value.score - b.value.score'],
    ['guess the number with a leaderboard', 'guess-the-number', 'gameOver(tries)', 'a.value.score - b.value.score'],
  ] as const)('%s: the %s posts each finished game to a shared top 10, ranked the right way', (prompt, kind, posts, ranks) => {
    const built = offlineGenerate(prompt, '')
    expect(built).toMatchObject({ kind, answer: GAME_SCORES_ANSWER })
    const script = scriptOf(built.code)
    expect(() => new Function(script)).not.toThrow()
    expect(script).toContain(posts)
    expect(script).toContain(`const ranked = (a, b) => ${ranks}`)
    expect(script).toContain("follow('scores'")
    expect(script).toContain("data.shared.add('scores', { score })")
    // The game's own status line stays its own: the board speaks in one of its own.
    expect(built.code.match(/id="status"/g)?.length ?? 0).toBeLessThanOrEqual(1)
    expect(built.code).toContain('id="board-status"')
  })

  it('keeps the top 10 when a game is built again with new details', () => {
    const built = offlineGenerate('guess the number with a leaderboard', '')
    const wider = offlineGenerate('make it between 1 and 200', built.code)
    expect(wider.code).toContain('I am thinking of a number from 1 to 200')
    expect(wider.code).toContain('aria-labelledby="board-title"')
  })

  it('keeps a game without a leaderboard as it was: no board, and nothing said about sharing', () => {
    const built = offlineGenerate('a snake game', '')
    expect(built).toMatchObject({ kind: 'snake', answer: undefined })
    expect(built.code).not.toContain('board-title')
  })

  it('says a kind without shared data, asked to share, is built for one person', () => {
    expect(offlineGenerate('a multiplayer tic-tac-toe', '')).toMatchObject({ kind: 'tic-tac-toe', answer: ONE_PERSON })
    expect(offlineGenerate('a tip calculator', '', 1).answer).toBe(IMAGES_IGNORED)
    expect(offlineGenerate('a guestbook', '', 1).answer).toBe(`${IMAGES_IGNORED} ${SHARED_ANSWERS.guestbook}`)
  })
})
