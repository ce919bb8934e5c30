// `tsx --import ./scripts/frame-scripts-register.mjs …`: see scripts/frame-scripts-hooks.mjs.
import { register } from 'node:module'

register('./frame-scripts-hooks.mjs', import.meta.url)
