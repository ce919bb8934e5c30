import { type App } from './page'

const ZONES = {
  london: 'Europe/London',
  paris: 'Europe/Paris',
  berlin: 'Europe/Berlin',
  'new york': 'America/New_York',
  tokyo: 'Asia/Tokyo',
  sydney: 'Australia/Sydney',
  'los angeles': 'America/Los_Angeles',
  chicago: 'America/Chicago',
  dubai: 'Asia/Dubai',
  singapore: 'Asia/Singapore',
  mumbai: 'Asia/Kolkata',
  'hong kong': 'Asia/Hong_Kong',
  'são paulo': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  toronto: 'America/Toronto',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
} satisfies Record<string, string>
/** The cities a world clock shows when the prompt names none. */
const WORLD: [string, string][] = [
  ['london', ZONES.london],
  ['new york', ZONES['new york']],
  ['tokyo', ZONES.tokyo],
]
const titleCase = (text: string) => text.replace(/\b\p{L}/gu, (char) => char.toUpperCase())

export const clock = (prompt: string): App => {
  const cities = Object.entries(ZONES).filter(([city]) => prompt.toLowerCase().includes(city))
  const world = cities.length > 0 || /world|time ?zones?/i.test(prompt)
  const zones = (cities.length ? cities : world ? WORLD : []).map(([city, zone]) => [titleCase(city), zone])
  const twelve = /12.?hour|am\/pm/i.test(prompt)
  return {
    kind: world ? 'world-clock' : 'clock',
    title: world ? 'World clock' : 'Clock',
    body: `  <p class="big" id="time" aria-live="off"></p>
  <p class="muted center" id="date"></p>
  <ul class="items" id="zones">
${zones.map(([name, zone]) => `    <li data-item="${zone}"><span>${name}</span><strong data-zone="${zone}"></strong></li>`).join('\n')}
  </ul>`,
    style: '  .big { font-size: 3.5rem; }\n  .center { text-align: center; }\n  #zones:empty { display: none; }',
    script: `const options = { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: ${twelve} }
const tick = () => {
  const now = new Date()
  show('time', now.toLocaleTimeString([], options))
  show('date', now.toLocaleDateString([], { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }))
  document.querySelectorAll('[data-zone]').forEach((cell) => { try { cell.textContent = now.toLocaleTimeString([], { ...options, second: undefined, timeZone: cell.dataset.zone }) } catch (error) { cell.textContent = '—' } })
}
setInterval(tick, 1000)
tick()`,
  }
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

/** The event and its date: "countdown to Christmas", "to my birthday on June 5", "to 2027-01-01". */
function target(prompt: string): { event: string; month: number; day: number; year?: number } {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(prompt)
  const named = new RegExp(`\\b(${MONTHS.join('|')})\\s+(\\d{1,2})|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTHS.join('|')})`, 'i').exec(prompt)
  const event = /\b(?:to|until|till|for)\s+(?:my\s+|our\s+|the\s+)?([a-z][\w' ]*?)(?=\s+(?:on|in|at)\b|\s*\d|$|[,.!])/i.exec(prompt)?.[1]?.trim()
  const label = event && !MONTHS.includes(event.toLowerCase()) ? event.replace(/\b\w/g, (char) => char.toUpperCase()) : undefined
  if (iso) return { event: label ?? 'The day', year: Number(iso[1]), month: Number(iso[2]) - 1, day: Number(iso[3]) }
  const monthName = named?.[1] ?? named?.[4]
  if (monthName !== undefined) {
    const month = MONTHS.indexOf(monthName.toLowerCase())
    return { event: label ?? 'The day', month, day: Number(named?.[2] ?? named?.[3]) }
  }
  if (/christmas/i.test(prompt)) return { event: 'Christmas', month: 11, day: 25 }
  if (/new year/i.test(prompt)) return { event: 'New Year', month: 0, day: 1 }
  if (/halloween/i.test(prompt)) return { event: 'Halloween', month: 9, day: 31 }
  if (/valentine/i.test(prompt)) return { event: "Valentine's Day", month: 1, day: 14 }
  return { event: label ?? 'New Year', month: 0, day: 1 }
}

export const countdown = (prompt: string): App => {
  const when = target(prompt)
  return {
    kind: 'countdown',
    title: `Countdown to ${when.event}`,
    body: `  <div class="units" id="units" aria-live="off">
    <p><strong id="days">0</strong><span>days</span></p>
    <p><strong id="hours">0</strong><span>hours</span></p>
    <p><strong id="minutes">0</strong><span>minutes</span></p>
    <p><strong id="seconds">0</strong><span>seconds</span></p>
  </div>
  <p class="muted center" id="when"></p>`,
    style:
      '  .units { display: grid; grid-template-columns: repeat(4, 1fr); gap: 0.5rem; text-align: center; }\n  .units p { margin: 0; padding: 0.8rem 0; border-radius: var(--radius); background: var(--background); }\n  .units strong { display: block; font-size: 2rem; color: var(--accent); font-variant-numeric: tabular-nums; }\n  .center { text-align: center; }',
    script: `const month = ${when.month}, day = ${when.day}, fixedYear = ${when.year ?? 'null'}
const next = () => { const now = new Date(); let at = new Date(fixedYear ?? now.getFullYear(), month, day); if (!fixedYear && at < now) at = new Date(now.getFullYear() + 1, month, day); return at }
const at = next()
show('when', at.toLocaleDateString([], { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }))
const tick = () => {
  const left = Math.max(0, at - new Date())
  show('days', Math.floor(left / 86400000)); show('hours', Math.floor(left / 3600000) % 24)
  show('minutes', Math.floor(left / 60000) % 60); show('seconds', Math.floor(left / 1000) % 60)
  if (left === 0) show('when', 'It is here! 🎉')
}
setInterval(tick, 1000)
tick()`,
  }
}
