/** A script that runs inside a Piece's frame, as the text it is sent as (scripts/frame-scripts.ts). */
declare module 'virtual:frame-script/*' {
  const source: string
  export default source
}

/** A script that a page without React runs, as the text it writes inline (scripts/frame-scripts.ts). */
declare module 'virtual:page-script/*' {
  const source: string
  export default source
}
