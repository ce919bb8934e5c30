import '@remix-run/node'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The CSP nonce of this response, for inline scripts. */
    nonce: string
    /** Set by the HTTP layer when this submission is over the strict rate limit. */
    rateLimited: boolean
    /** The client's address (behind a proxy only when TRUST_PROXY=on). */
    clientIp: string
    /**
     * Set by `handleError` (entry.server) when a loader or action failed because the
     * database cannot be reached; the HTTP layer then answers 503 "temporarily unavailable".
     */
    databaseUnavailable?: boolean
  }
}

export {}
