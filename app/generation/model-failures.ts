import { PIECE_CODE_MAX } from '~/pieces/schema'

/**
 * What the user is told when a turn fails (the details stay in the log): since issue
 * 37.2–4 each fault of the model server in its own words. Every one of them ends the turn
 * at no charge, so each says so.
 */
export const FAILURE_MESSAGES = {
  /** MODEL_IDLE_SECONDS passed without a word from the model server (before its first token or between two). */
  stalled: 'The model stopped answering. No tokens were charged; please try again.',
  /** 429, still after the retries its Retry-After allowed. */
  busy: 'The model server is busy right now. No tokens were charged; please try again in a minute.',
  unknownModel: (name: string) =>
    `The model server has no model named “${name}”. No tokens were charged; choose another model, or ask whoever runs this site to correct its model settings.`,
  cutOff: "The model's answer was cut off before it finished. No tokens were charged; please try again.",
  garbled: "The model's answer arrived garbled and could not be read. No tokens were charged; please try again.",
  empty: 'The model answered nothing. No tokens were charged; please try again.',
  tooBig: `The page the model wrote is too big to keep (a Piece holds at most ${PIECE_CODE_MAX.toLocaleString('en-US')} characters). No tokens were charged; try asking for a smaller page.`,
  unavailable: 'The model server is unavailable right now. No tokens were charged; please try again.',
  tooLong: 'The model took too long to answer. No tokens were charged; please try again.',
  failed: 'Something went wrong while building. No tokens were charged; please try again.',
  /** The generation's worker died, and so did the one that took it over. */
  workerLost: 'The generation stopped responding. No tokens were charged.',
} as const

export type ModelFaultKind = 'stalled' | 'busy' | 'unknownModel' | 'cutOff' | 'garbled' | 'empty' | 'tooBig' | 'unavailable'

/**
 * A fault of the model server or of its answer, carrying the words the user is shown and
 * the line the operator reads (`detail`, with `level`: `error` for what only the operator
 * can fix, such as a model name the server does not serve).
 */
export class ModelFault extends Error {
  constructor(
    readonly kind: ModelFaultKind,
    message: string,
    readonly detail: string,
    readonly level: 'warn' | 'error' = 'warn',
  ) {
    super(message)
    this.name = 'ModelFault'
  }
}

/** The faults, each with its words and its log line. */
export const modelFault = {
  stalled: (seconds: number) => new ModelFault('stalled', FAILURE_MESSAGES.stalled, `the model server sent nothing for ${seconds} s (MODEL_IDLE_SECONDS)`),
  busy: (detail: string) => new ModelFault('busy', FAILURE_MESSAGES.busy, detail),
  unknownModel: (name: string, setting: string) =>
    new ModelFault(
      'unknownModel',
      FAILURE_MESSAGES.unknownModel(name),
      `the model server has no model named "${name}": set ${setting} to a model it serves`,
      'error',
    ),
  cutOff: (detail: string) => new ModelFault('cutOff', FAILURE_MESSAGES.cutOff, detail),
  garbled: (detail: string) => new ModelFault('garbled', FAILURE_MESSAGES.garbled, detail),
  empty: () => new ModelFault('empty', FAILURE_MESSAGES.empty, 'the model answered no text'),
  tooBig: (detail: string) => new ModelFault('tooBig', FAILURE_MESSAGES.tooBig, detail),
  unavailable: (detail: string) => new ModelFault('unavailable', FAILURE_MESSAGES.unavailable, detail, 'error'),
}
