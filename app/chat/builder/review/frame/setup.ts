/** What the review's outliner in the preview is told when it starts: the attribute that stamps each element's place in the code. */
export type OutlinerConfig = { stamp: string }
