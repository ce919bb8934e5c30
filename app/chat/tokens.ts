import type { DiffOperation } from './patch'

/** What an answer of patches costs in output tokens (about four characters a token). */
export const patchCost = (patches: DiffOperation[]) => Math.ceil(JSON.stringify(patches).length / 4)
