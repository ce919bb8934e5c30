/**
 * Whether a form was posted by the browser itself (JavaScript off, a full page load) rather
 * than by a Remix fetcher. Both reach the same action and the same feature code; only the
 * shape of a refusal differs: a page load gets a redirect with a toast, a fetcher gets
 * conform's reply with the field errors to show in place.
 */
export function isDocumentSubmission(request: Request) {
  const mode = request.headers.get('Sec-Fetch-Mode')
  if (mode) return mode === 'navigate'
  return (request.headers.get('Accept') ?? '').includes('text/html')
}
