import postgres from 'postgres'
import { costRatio, estimateCost, spreadOf, turnKind, turnPromptTokens, type TurnKind } from '../app/generation/estimate'
import { offlineGenerate } from '../app/generation/offline'
import { offlineCost } from '../app/generation/offline.server'
import { FOLLOW_UPS, PROMPTS } from './offline-corpus'

/**
 * `npm run bench:estimate` (issue 29.1): replays turns in the order they happened, each
 * estimated from the turns before it alone (as the page would have, with the recent 500 of
 * its kind and model), and prints the share whose real cost fell inside the range.
 * - recorded turns: the completed generations of the database at DATABASE_URL, if any;
 * - the offline builder's corpus (bench/offline-corpus.ts), built as a user would: each
 *   first prompt on a new Piece, each follow-up on the page its base built.
 */
type Turn = { model: string; kind: TurnKind; prompt: number; used: number }

const RECENT = 500

function replay(turns: Turn[]) {
  const seen = new Map<string, number[]>()
  let inside = 0
  let widthSum = 0
  const misses = { below: 0, above: 0 }
  for (const turn of turns) {
    const key = `${turn.model}/${turn.kind}`
    const before = seen.get(key) ?? []
    const { low, high } = estimateCost(turn.prompt, spreadOf(before.slice(-RECENT), turn.kind))
    if (turn.used >= low && turn.used <= high) inside += 1
    else if (turn.used < low) misses.below += 1
    else misses.above += 1
    widthSum += high / Math.max(1, low)
    seen.set(key, [...before, costRatio(turn.used, turn.prompt)])
  }
  return { turns: turns.length, inside, share: turns.length ? inside / turns.length : NaN, misses, width: turns.length ? widthSum / turns.length : NaN }
}

function say(label: string, result: ReturnType<typeof replay>) {
  if (!result.turns) return console.log(`${label}: no turns to replay`)
  const share = (result.share * 100).toFixed(1)
  console.log(
    `${label}: ${result.inside} / ${result.turns} turns inside their estimate (${share}%)${result.share >= 0.9 ? '' : '  BELOW 90%'}; ` +
      `under the range ${result.misses.below}, over it ${result.misses.above}; high/low ${result.width.toFixed(1)}× on average`,
  )
}

/** The offline corpus as turns: a build for each prompt; a build and an edit for each follow-up. */
function corpusTurns(): Turn[] {
  const turns: Turn[] = []
  const turn = (message: string, code: string, history: string[]) => {
    const result = offlineGenerate(message, code)
    const cost = offlineCost(message, code, result)
    if (cost.changed) {
      const prompt = turnPromptTokens({ message, code, messageHistory: history.map((content) => ({ content })), attachments: [] })
      turns.push({ model: 'offline', kind: turnKind(code), prompt, used: cost.prompt + cost.output })
    }
    return result.code
  }
  for (const item of PROMPTS) turn(item.prompt, '', [])
  for (const item of FOLLOW_UPS) turn(item.request, turn(item.base, '', []), [item.base])
  return turns
}

say('Offline corpus', replay(corpusTurns()))

if (process.env.DATABASE_URL) {
  const sql = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} })
  try {
    const rows = await sql<Turn[]>`
      select model, kind, prompt_tokens::int as prompt, used_tokens::int as used
      from generations
      where status = 'complete' and used_tokens > 0 and prompt_tokens is not null and kind is not null
      order by id`
    say(`Recorded turns (${new URL(process.env.DATABASE_URL).pathname.slice(1) || 'database'})`, replay(rows))
  } catch (error) {
    console.log(`Recorded turns: could not be read (${error instanceof Error ? error.message : error})`)
  } finally {
    await sql.end()
  }
} else {
  console.log('Recorded turns: DATABASE_URL is not set; only the corpus was replayed')
}
