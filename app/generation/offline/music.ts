import { numberBefore } from './details'
import { type App } from './page'

/** One shared AudioContext, made on the first press (browsers refuse sound before a gesture). */
const AUDIO = `let audio = null
const context = () => { if (!audio) { const Context = window.AudioContext || window.webkitAudioContext; audio = Context ? new Context() : null } return audio }`

const NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B']
const KEYS = 'awsedftgyhujkolp;'

export const piano = (prompt: string): App => {
  const octaves = Math.min(Math.max(numberBefore(prompt, 'octaves?') ?? 1, 1), 3)
  const notes = Array.from({ length: octaves * 12 + 1 }, (_, index) => ({ name: `${NAMES[index % 12]}${4 + Math.floor(index / 12)}`, midi: 60 + index }))
  const wave = /organ/i.test(prompt) ? 'square' : /synth/i.test(prompt) ? 'sawtooth' : 'triangle'
  return {
    kind: 'piano',
    title: /synth/i.test(prompt) ? 'Synth keyboard' : 'Piano',
    subtitle: 'Click the keys or play with your keyboard (A W S E D F T G Y H U J K)',
    body: `  <div class="keyboard" id="keyboard">
${notes.map((note, index) => `    <button type="button" class="${note.name.includes('#') ? 'black' : 'white'}" data-note="${note.midi}" aria-label="${note.name}">${KEYS[index]?.toUpperCase() ?? ''}</button>`).join('\n')}
  </div>
  <p class="muted" id="last" aria-live="polite">Play a note</p>`,
    width: `${Math.max(34, octaves * 26)}rem`,
    style:
      '  .keyboard { display: flex; position: relative; height: 11rem; user-select: none; }\n  .keyboard button { border-radius: 0 0 0.4rem 0.4rem; padding: 0 0 0.5rem; display: flex; align-items: end; justify-content: center; font-size: 0.7rem; }\n  .keyboard .white { flex: 1; background: #fff; color: #64748b; border: 1px solid #cbd5e1; z-index: 1; }\n  .keyboard .black { width: 2rem; margin: 0 -1rem; height: 62%; background: #0f172a; color: #cbd5e1; z-index: 2; }\n  .keyboard button.down { background: var(--accent); color: #fff; }',
    script: `${AUDIO}
const names = ${JSON.stringify(NAMES)}
const keys = ${JSON.stringify(KEYS)}
const play = (midi) => {
  const audio = context(); if (!audio) return show('last', 'This browser has no Web Audio')
  const tone = audio.createOscillator(), gain = audio.createGain()
  tone.type = ${JSON.stringify(wave)}
  tone.frequency.value = 440 * Math.pow(2, (midi - 69) / 12)
  gain.gain.setValueAtTime(0.3, audio.currentTime)
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 1.2)
  tone.connect(gain).connect(audio.destination)
  tone.start(); tone.stop(audio.currentTime + 1.2)
  show('last', 'Playing ' + names[midi % 12] + (Math.floor(midi / 12) - 1))
  const key = document.querySelector('[data-note="' + midi + '"]')
  if (key) { key.classList.add('down'); setTimeout(() => key.classList.remove('down'), 180) }
}
on('keyboard', 'pointerdown', (event) => { const key = event.target.closest('[data-note]'); if (key) play(Number(key.dataset.note)) })
document.addEventListener('keydown', (event) => {
  if (event.repeat) return
  const at = keys.indexOf(event.key.toLowerCase())
  const key = document.querySelectorAll('#keyboard [data-note]')[at]
  if (at >= 0 && key) play(Number(key.dataset.note))
})`,
  }
}

const PADS = [
  { id: 'kick', label: 'Kick', key: 'q' },
  { id: 'snare', label: 'Snare', key: 'w' },
  { id: 'hihat', label: 'Hi-hat', key: 'e' },
  { id: 'clap', label: 'Clap', key: 'a' },
  { id: 'tom', label: 'Tom', key: 's' },
  { id: 'cowbell', label: 'Cowbell', key: 'd' },
]

export const drums = (): App => ({
  kind: 'drum-pad',
  title: 'Drum pad',
  subtitle: 'Tap a pad or press Q W E A S D',
  body: `  <div class="pads" id="pads">
${PADS.map((pad) => `    <button type="button" data-pad="${pad.id}" data-key="${pad.key}">${pad.label}<small>${pad.key.toUpperCase()}</small></button>`).join('\n')}
  </div>
  <p class="muted" id="last" aria-live="polite">Make some noise</p>`,
  style:
    '  .pads { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.6rem; }\n  .pads button { aspect-ratio: 1; display: grid; place-content: center; gap: 0.2rem; font-weight: 700; }\n  .pads small { opacity: 0.7; font-weight: 400; }\n  .pads button.hit { transform: scale(0.95); filter: brightness(1.2); }',
  script: `${AUDIO}
const noise = (audio, seconds) => { const buffer = audio.createBuffer(1, audio.sampleRate * seconds, audio.sampleRate); const data = buffer.getChannelData(0); for (let i = 0; i < data.length; i += 1) data[i] = Math.random() * 2 - 1; const source = audio.createBufferSource(); source.buffer = buffer; return source }
const envelope = (audio, peak, seconds) => { const gain = audio.createGain(); gain.gain.setValueAtTime(peak, audio.currentTime); gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds); gain.connect(audio.destination); return gain }
const tone = (audio, type, from, to, seconds, peak) => { const osc = audio.createOscillator(); osc.type = type; osc.frequency.setValueAtTime(from, audio.currentTime); osc.frequency.exponentialRampToValueAtTime(to, audio.currentTime + seconds); osc.connect(envelope(audio, peak, seconds)); osc.start(); osc.stop(audio.currentTime + seconds) }
const hiss = (audio, seconds, peak, cutoff) => { const source = noise(audio, seconds); const filter = audio.createBiquadFilter(); filter.type = 'highpass'; filter.frequency.value = cutoff; source.connect(filter).connect(envelope(audio, peak, seconds)); source.start() }
const sounds = {
  kick: (audio) => tone(audio, 'sine', 150, 40, 0.4, 1),
  snare: (audio) => { hiss(audio, 0.2, 0.6, 1500); tone(audio, 'triangle', 220, 120, 0.1, 0.4) },
  hihat: (audio) => hiss(audio, 0.06, 0.4, 7000),
  clap: (audio) => hiss(audio, 0.15, 0.7, 1000),
  tom: (audio) => tone(audio, 'sine', 220, 90, 0.35, 0.8),
  cowbell: (audio) => { tone(audio, 'square', 560, 540, 0.3, 0.2); tone(audio, 'square', 845, 830, 0.3, 0.15) },
}
const hit = (pad) => {
  const audio = context(); if (!audio) return show('last', 'This browser has no Web Audio')
  sounds[pad.dataset.pad](audio)
  show('last', pad.firstChild.textContent)
  pad.classList.add('hit'); setTimeout(() => pad.classList.remove('hit'), 100)
}
on('pads', 'pointerdown', (event) => { const pad = event.target.closest('[data-pad]'); if (pad) hit(pad) })
document.addEventListener('keydown', (event) => { const pad = document.querySelector('[data-key="' + event.key.toLowerCase() + '"]'); if (pad && !event.repeat) hit(pad) })`,
})

export const metronome = (prompt: string): App => {
  const bpm = Math.min(Math.max(numberBefore(prompt, 'bpm|beats per minute') ?? 100, 30), 260)
  return {
    kind: 'metronome',
    title: 'Metronome',
    body: `  <p class="big" id="bpm-label">${bpm} BPM</p>
  <label data-field="bpm">Tempo <input id="bpm" type="range" min="30" max="260" value="${bpm}"></label>
  <div class="beats" id="beats"><span></span><span></span><span></span><span></span></div>
  <div class="row"><button id="start" data-button="start">Start</button></div>`,
    style:
      '  .beats { display: flex; gap: 0.6rem; justify-content: center; margin: 1rem 0; }\n  .beats span { width: 1.2rem; height: 1.2rem; border-radius: 50%; background: var(--line); }\n  .beats span.on { background: var(--accent); }',
    script: `${AUDIO}
let timer = null, beat = 0
const tick = () => {
  const audio = context()
  if (audio) { const osc = audio.createOscillator(), gain = audio.createGain(); osc.frequency.value = beat % 4 === 0 ? 1200 : 800; gain.gain.setValueAtTime(0.3, audio.currentTime); gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.05); osc.connect(gain).connect(audio.destination); osc.start(); osc.stop(audio.currentTime + 0.06) }
  document.querySelectorAll('#beats span').forEach((dot, at) => dot.classList.toggle('on', at === beat % 4))
  beat += 1
}
const restart = () => { clearInterval(timer); timer = setInterval(tick, 60000 / Number($('bpm').value)) }
on('bpm', 'input', () => { show('bpm-label', $('bpm').value + ' BPM'); if (timer) restart() })
on('start', 'click', () => { if (timer) { clearInterval(timer); timer = null; show('start', 'Start'); return } beat = 0; tick(); restart(); show('start', 'Stop') })
resetApp = () => { clearInterval(timer); timer = null; show('start', 'Start'); $('bpm').value = '${bpm}'; show('bpm-label', '${bpm} BPM') }`,
  }
}
