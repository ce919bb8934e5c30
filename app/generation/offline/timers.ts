import { z } from 'zod'
import type { DiffOperation } from '../patch'
import { digits, durationFor, minutesFor, numberBefore } from './details'
import { type App } from './page'

type Phase = { name: string; seconds: number }
/** A timer has a first phase, which the page shows before it starts. */
type Phases = [Phase, ...Phase[]]
/** The phases a page's script lists, as read back for an edit (other keys a phase has are kept). */
const PhasesSchema = z.array(z.object({ name: z.string(), seconds: z.number() }).passthrough())

const length = (seconds: number) => (seconds >= 60 && seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`)
/** The phases as the page lists them (an edit of a duration writes them again). */
const phasesList = (phases: Phase[]) => `<ol class="phases" id="phases">
${phases.map((phase, index) => `    <li data-item="${index}">${phase.name} · ${length(phase.seconds)}</li>`).join('\n')}
  </ol>`

/** A timer that runs its phases in turn (then starts over), with a beep at each change. */
function phasesApp(kind: string, title: string, phases: Phases, subtitle?: string): App {
  return {
    kind,
    title,
    subtitle,
    body: `  <p class="phase" id="phase" aria-live="polite">${phases[0].name}</p>
  <p class="big" id="time">00:00</p>
  ${phasesList(phases)}
  <div class="row controls">
    <button id="start" data-button="start">Start</button>
    <button id="skip" class="secondary" data-button="skip">Skip</button>
    <button id="reset" class="secondary" data-button="reset">Reset</button>
  </div>
  <p class="muted" id="rounds">Round 1</p>`,
    style:
      '  .phase { text-align: center; font-weight: 600; color: var(--accent); margin: 0; }\n  .phases { display: flex; flex-wrap: wrap; gap: 0.5rem; padding: 0; list-style: none; justify-content: center; }\n  .phases li { padding: 0.2rem 0.6rem; border-radius: 999px; background: var(--background); font-size: 0.85rem; }\n  .phases li.current { background: var(--accent); color: #fff; }\n  .controls { justify-content: center; }\n  #rounds { text-align: center; }',
    script: `const phases = ${JSON.stringify(phases)}
let index = 0, left = phases[0].seconds, round = 1, timer = null
const pad = (n) => String(n).padStart(2, '0')
const beep = () => {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)()
    const tone = audio.createOscillator(); const gain = audio.createGain()
    tone.connect(gain); gain.connect(audio.destination); gain.gain.value = 0.1
    tone.start(); tone.stop(audio.currentTime + 0.3)
  } catch (error) { /* no audio here */ }
}
const render = () => {
  show('time', pad(Math.floor(left / 60)) + ':' + pad(left % 60))
  show('phase', phases[index].name)
  show('rounds', 'Round ' + round)
  document.querySelectorAll('#phases li').forEach((item, at) => item.classList.toggle('current', at === index))
  document.title = pad(Math.floor(left / 60)) + ':' + pad(left % 60) + ' · ' + phases[index].name
}
const next = () => { index = (index + 1) % phases.length; if (index === 0) round += 1; left = phases[index].seconds; beep(); render() }
const stop = () => { clearInterval(timer); timer = null; show('start', 'Start') }
on('start', 'click', () => {
  if (timer) return stop()
  timer = setInterval(() => { left -= 1; if (left <= 0) next(); else render() }, 1000)
  show('start', 'Pause')
})
on('skip', 'click', next)
resetApp = () => { stop(); index = 0; round = 1; left = phases[0].seconds; render() }
on('reset', 'click', () => resetApp())
render()`,
  }
}

type Pomodoro = { focus: number; short: number; long: number }
type Intervals = { work: number; rest: number; rounds: number }

const pomodoroPhases = ({ focus, short, long }: Pomodoro): Phases => [
  { name: 'Focus', seconds: focus },
  { name: 'Short break', seconds: short },
  ...[1, 2].flatMap(() => [
    { name: 'Focus', seconds: focus },
    { name: 'Short break', seconds: short },
  ]),
  { name: 'Focus', seconds: focus },
  { name: 'Long break', seconds: long },
]
const pomodoroSubtitle = ({ focus, short, long }: Pomodoro) => `${length(focus)} focus, ${length(short)} breaks, a ${length(long)} break after four`

export const pomodoro = (prompt: string): App => {
  const settings = {
    focus: (minutesFor(prompt, FOCUS) ?? 25) * 60,
    short: (minutesFor(withoutLong(prompt), SHORT) ?? 5) * 60,
    long: (minutesFor(prompt, LONG) ?? 15) * 60,
  }
  return phasesApp('pomodoro', 'Pomodoro timer', pomodoroPhases(settings), pomodoroSubtitle(settings))
}

const intervalPhases = ({ work, rest, rounds }: Intervals): Phases => [
  { name: 'Get ready', seconds: 10 },
  ...Array.from({ length: rounds }, () => [
    { name: 'Work', seconds: work },
    { name: 'Rest', seconds: rest },
  ]).flat(),
]
const intervalSubtitle = ({ work, rest, rounds }: Intervals) => `${rounds} rounds of ${work} s work and ${rest} s rest`

export const interval = (prompt: string): App => {
  const settings = {
    work: numberBefore(prompt, 'seconds? (?:of )?(?:work|on|exercise)|s work') ?? 40,
    rest: numberBefore(prompt, 'seconds? (?:of )?(?:rest|off|break)|s rest') ?? 20,
    rounds: Math.min(numberBefore(prompt, 'rounds?|sets?') ?? 8, MAX_ROUNDS),
  }
  return phasesApp('interval-timer', 'Interval timer', intervalPhases(settings), intervalSubtitle(settings))
}

const timerPhases = (total: number): Phases => [
  { name: 'Time left', seconds: total },
  { name: "Time's up", seconds: 5 },
]
/** The whole duration a prompt names ("1 hour 30 minutes", "90 seconds"). */
const totalIn = (prompt: string) => {
  const minutes = numberBefore(prompt, 'min(?:ute)?s?') ?? (numberBefore(prompt, 'hours?') ?? 0) * 60
  const seconds = numberBefore(prompt, 'sec(?:ond)?s?') ?? 0
  return Math.round(minutes * 60 + seconds)
}

export const countdownTimer = (prompt: string): App => {
  const title = /egg/i.test(prompt) ? 'Egg timer' : /tea/i.test(prompt) ? 'Tea timer' : 'Timer'
  return phasesApp('timer', title, timerPhases(totalIn(prompt) || 5 * 60))
}

const FOCUS = 'focus|work(?:ing)?|study|pomodoro|session'
const SHORT = 'short break|break|rest'
const LONG = 'long break'
const MAX_ROUNDS = 30
const MAX_SECONDS = 24 * 3600
/** "long break 20 minutes" also says "break 20 minutes": the long break is read first and taken out. */
const withoutLong = (text: string) =>
  text.replace(new RegExp(`(?:\\d+\\s*-?\\s*[a-z]*\\s+(?:of\\s+)?)?(?:${LONG})\\w*(?:\\s+\\w+){0,3}?\\s*\\d+\\s*-?\\s*[a-z]+`, 'gi'), ' ')

/**
 * "Change the work period to 50 minutes", "make the rest 30 seconds", "12 rounds", "set it
 * to 3 minutes": a timer's durations changed as patches of its phases (its script's list,
 * the list on the page and the subtitle the builder wrote), keeping every other setting and
 * edit. Null when the request names no duration; an answer when it names a phase the timer lacks.
 */
export function durationEdit(request: string, code: string, kind: string | undefined): { ops: DiffOperation[] } | { answer: string } | null {
  if (kind !== 'pomodoro' && kind !== 'interval-timer' && kind !== 'timer') return null
  if (!/\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\b/i.test(request)) return null
  const line = /const phases = (\[.*\])\n/.exec(code)
  const list = /<ol class="phases" id="phases">[\s\S]*?<\/ol>/.exec(code)?.[0]
  if (!line || !list) return null
  let phases: z.infer<typeof PhasesSchema>
  try {
    const parsed = PhasesSchema.safeParse(JSON.parse(line[1] ?? ''))
    if (!parsed.success) return null
    phases = parsed.data
  } catch {
    return null
  }
  const seconds = (name: string) => phases.find((phase) => phase.name === name)?.seconds ?? 0
  let next: Phase[] | null = null
  let subtitles: [string, string] | null = null
  if (kind === 'pomodoro') {
    const was = { focus: seconds('Focus'), short: seconds('Short break'), long: seconds('Long break') }
    const asked = { focus: durationFor(request, FOCUS), short: durationFor(withoutLong(request), SHORT), long: durationFor(request, LONG) }
    if (asked.focus === undefined && asked.short === undefined && asked.long === undefined) return unknownPhase(request, 'focus, short break and long break')
    const now = { focus: asked.focus ?? was.focus, short: asked.short ?? was.short, long: asked.long ?? was.long }
    next = pomodoroPhases(now)
    subtitles = [pomodoroSubtitle(was), pomodoroSubtitle(now)]
  } else if (kind === 'interval-timer') {
    const was = { work: seconds('Work'), rest: seconds('Rest'), rounds: phases.filter((phase) => phase.name === 'Work').length }
    const rounds = numberBefore(request, 'rounds?|sets?')
    const asked = { work: durationFor(request, 'work|exercise|active|on'), rest: durationFor(request, 'rest|break|off|recovery'), rounds }
    if (asked.work === undefined && asked.rest === undefined && rounds === undefined) return unknownPhase(request, 'work, rest and the number of rounds')
    const now = { work: asked.work ?? was.work, rest: asked.rest ?? was.rest, rounds: Math.min(Math.max(rounds ?? was.rounds, 1), MAX_ROUNDS) }
    // A list without a first phase gives a "Get ready" of no length, refused below.
    next = [{ ...(phases[0] ?? { seconds: 0 }), name: 'Get ready' }, ...intervalPhases(now).slice(1)]
    subtitles = [intervalSubtitle(was), intervalSubtitle(now)]
  } else {
    const total = totalIn(request)
    if (!total) return null
    next = timerPhases(total)
  }
  if (next.some((phase) => !(phase.seconds > 0) || phase.seconds > MAX_SECONDS)) return { answer: 'a timer phase must last between a second and a day' }
  const ops: DiffOperation[] = [
    { type: 'replace', target: line[0], content: `const phases = ${JSON.stringify(next)}\n` },
    { type: 'replace', target: list, content: phasesList(next) },
  ]
  const subtitle = subtitles && `<p id="subtitle" class="subtitle">${subtitles[0]}</p>`
  if (subtitle && subtitles && code.includes(subtitle))
    ops.push({ type: 'replace', target: subtitle, content: `<p id="subtitle" class="subtitle">${subtitles[1]}</p>` })
  return { ops }
}

/** A duration for a phase the timer does not have ("make the lunch 50 minutes" on a pomodoro). */
function unknownPhase(request: string, phases: string) {
  if (!/\b(?:h(?:ours?|rs?)?|m(?:in(?:ute)?s?)?|s(?:ec(?:ond)?s?)?)\b/i.test(digits(request))) return null
  return { answer: `this timer's durations are ${phases}; say which to change (“make the ${phases.split(/,| and /)[0]} 30 minutes”)` }
}

export const stopwatch = (): App => ({
  kind: 'stopwatch',
  title: 'Stopwatch',
  body: `  <p class="big" id="time" aria-live="off">00:00.00</p>
  <div class="row controls">
    <button id="start" data-button="start">Start</button>
    <button id="lap" class="secondary" data-button="lap">Lap</button>
    <button id="reset" class="secondary" data-button="reset">Reset</button>
  </div>
  <ol id="laps" class="laps" aria-label="Laps"></ol>`,
  style: '  .controls { justify-content: center; }\n  .laps { font-variant-numeric: tabular-nums; }',
  script: `let started = 0, elapsed = 0, frame = null
const format = (ms) => { const m = Math.floor(ms / 60000), s = Math.floor(ms / 1000) % 60, c = Math.floor(ms / 10) % 100; return String(m).padStart(2, '0') + ':' + String(s).padStart(2, '0') + '.' + String(c).padStart(2, '0') }
const now = () => elapsed + (frame ? performance.now() - started : 0)
const tick = () => { show('time', format(now())); frame = requestAnimationFrame(tick) }
on('start', 'click', () => {
  if (frame) { elapsed = now(); cancelAnimationFrame(frame); frame = null; show('start', 'Start'); return }
  started = performance.now(); frame = requestAnimationFrame(tick); show('start', 'Stop')
})
on('lap', 'click', () => { const item = document.createElement('li'); item.textContent = format(now()); const laps = $('laps'); if (laps) laps.prepend(item) })
resetApp = () => { if (frame) cancelAnimationFrame(frame); frame = null; elapsed = 0; show('time', format(0)); show('start', 'Start'); const laps = $('laps'); if (laps) laps.replaceChildren() }
on('reset', 'click', () => resetApp())`,
})
