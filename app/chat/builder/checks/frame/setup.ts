/** What the recorder in the preview is told when it starts: the schema's lists and bounds, and which take of the recording it is. */
export type RecorderSetup = {
  /** Each start (and Start over) is a new take: the app drops what an older document says. */
  take: number
  /**
   * Who the Piece acts as (issue 39.6): a switch of visitor makes a document of its own, so the
   * preview loads the Piece again and it asks for the other visitor's data token.
   */
  visitor: 1 | 2
  roles: readonly string[]
  keys: readonly string[]
  valueMax: number
  /** The longest visible text that may find an element (a longer one is not how a person names it). */
  textMax: number
  /** What is kept from the Piece while picking (the visual picker's list). */
  swallowed: readonly string[]
}

export type Step = Record<string, unknown>
export type Found = Record<string, string>
