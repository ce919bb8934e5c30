/** A script that runs inside a Piece's frame, as the text it is sent as (scripts/frame-scripts.ts). */
declare module 'virtual:frame-script/*' {
  const source: string
  export default source
}
