import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce of this response, for inline scripts. */
    nonce: string
    /** Set by the HTTP layer when this submission is over the strict rate limit. */
    rateLimited: boolean
    /** The client's address (behind a proxy only when TRUST_PROXY=on). */
    clientIp: string
  }
}

export {}
