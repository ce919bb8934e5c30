import { minutesFor, numberBefore } from './details'
import { type App } from './page'

type Phase = { name: string; seconds: number }

/** A timer that runs its phases in turn (then starts over), with a beep at each change. */
function phasesApp(kind: string, title: string, phases: Phase[], subtitle?: string): App {
  return {
    kind,
    title,
    subtitle,
    body: `  <p class="phase" id="phase" aria-live="polite">${phases[0]!.name}</p>
  <p class="big" id="time">00:00</p>
  <ol class="phases" id="phases">
${phases.map((phase, index) => `    <li data-item="${index}">${phase.name} · ${Math.round(phase.seconds / 60) >= 1 && phase.seconds % 60 === 0 ? `${phase.seconds / 60} min` : `${phase.seconds} s`}</li>`).join('\n')}
  </ol>
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

export const pomodoro = (prompt: string): App => {
  const focus = minutesFor(prompt, 'focus|work|study|pomodoro|session') ?? 25
  const short = minutesFor(prompt, 'short break|break|rest') ?? 5
  const long = minutesFor(prompt, 'long break') ?? 15
  const phases: Phase[] = [
    { name: 'Focus', seconds: focus * 60 },
    { name: 'Short break', seconds: short * 60 },
    { name: 'Focus', seconds: focus * 60 },
    { name: 'Short break', seconds: short * 60 },
    { name: 'Focus', seconds: focus * 60 },
    { name: 'Short break', seconds: short * 60 },
    { name: 'Focus', seconds: focus * 60 },
    { name: 'Long break', seconds: long * 60 },
  ]
  return phasesApp('pomodoro', 'Pomodoro timer', phases, `${focus} min focus, ${short} min breaks, a ${long} min break after four`)
}

export const interval = (prompt: string): App => {
  const work = numberBefore(prompt, 'seconds? (?:of )?(?:work|on|exercise)|s work') ?? 40
  const rest = numberBefore(prompt, 'seconds? (?:of )?(?:rest|off|break)|s rest') ?? 20
  const rounds = numberBefore(prompt, 'rounds?|sets?') ?? 8
  const phases: Phase[] = [{ name: 'Get ready', seconds: 10 }]
  for (let round = 0; round < Math.min(rounds, 30); round += 1) phases.push({ name: 'Work', seconds: work }, { name: 'Rest', seconds: rest })
  return phasesApp('interval-timer', 'Interval timer', phases, `${Math.min(rounds, 30)} rounds of ${work} s work and ${rest} s rest`)
}

export const countdownTimer = (prompt: string): App => {
  const minutes = numberBefore(prompt, 'min(?:ute)?s?') ?? (numberBefore(prompt, 'hours?') ?? 0) * 60
  const seconds = numberBefore(prompt, 'sec(?:ond)?s?') ?? 0
  const total = minutes * 60 + seconds || 5 * 60
  const title = /egg/i.test(prompt) ? 'Egg timer' : /tea/i.test(prompt) ? 'Tea timer' : 'Timer'
  return phasesApp('timer', title, [
    { name: 'Time left', seconds: total },
    { name: "Time's up", seconds: 5 },
  ])
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
