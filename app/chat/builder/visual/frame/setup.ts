/** What the visual editor's picker in the preview is told when it starts: the attribute that stamps each element's place in the code, and what it keeps from the Piece while on. */
export type PickerConfig = { stamp: string; swallowed: readonly string[] }
