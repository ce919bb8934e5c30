import '@remix-run/node'

/** A refusal the HTTP layer makes before Remix runs (a rate limit: server/respond.ts `refuse`). */
export type Refusal = { status: number; message: string }

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
    /**
     * Set by the HTTP layer when it refused a page's data request before Remix (a rate
     * limit: server/respond.ts `refuse`). No loader or action runs; each throws
     * this status and message, which Remix encodes for the page (server/remix.ts).
     */
    refusal?: Refusal
  }
}
