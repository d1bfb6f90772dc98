import { ExpiringTokens } from './expiring-tokens.ts'

/** What the callback needs to check an authorization response; never leaves the server. */
export type PendingOidcFlow = { state: string; nonce: string; codeVerifier: string }

const FLOW_TTL_MS = 10 * 60 * 1000

/**
 * Sign-ins between /api/login and its callback, by a random flow id (what goes into the
 * cookie); a lost flow only means clicking SSO again. A flow can be taken once.
 */
export class PendingOidcFlows extends ExpiringTokens<PendingOidcFlow> {
  constructor() {
    // Anyone can start flows without signing in; the cap keeps that from filling memory.
    super({ ttlMs: FLOW_TTL_MS, max: 10_000 })
  }

  /** Flow cookie lifetime in seconds, matching how long a flow is kept. */
  static readonly maxAgeSeconds = FLOW_TTL_MS / 1000
}
