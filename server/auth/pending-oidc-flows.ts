import { generateToken } from './tokens.ts'

/** What the callback needs to check an authorization response; never leaves the server. */
export type PendingOidcFlow = { state: string; nonce: string; codeVerifier: string }

const FLOW_TTL_MS = 10 * 60 * 1000
// Anyone can start flows without signing in; the cap keeps that from filling memory.
const MAX_FLOWS = 10_000

/**
 * Sign-ins between /api/login and its callback, by a random flow id. Held in memory: the
 * server is one process, and a flow lost to a restart only means clicking SSO again.
 * A flow can be taken once.
 */
export class PendingOidcFlows {
  readonly #flows = new Map<string, PendingOidcFlow & { expiresAt: number }>()

  /** Remembers a flow and returns its id (what goes into the cookie). */
  add(flow: PendingOidcFlow): string {
    this.#deleteExpired()
    while (this.#flows.size >= MAX_FLOWS) {
      const oldest = this.#flows.keys().next().value
      if (oldest === undefined) break
      this.#flows.delete(oldest)
    }
    const id = generateToken()
    this.#flows.set(id, { ...flow, expiresAt: Date.now() + FLOW_TTL_MS })
    return id
  }

  /** The flow with this id, removed; undefined when unknown or expired. */
  take(id: string): PendingOidcFlow | undefined {
    const flow = this.#flows.get(id)
    this.#flows.delete(id)
    if (!flow || flow.expiresAt <= Date.now()) return undefined
    return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier }
  }

  #deleteExpired() {
    const now = Date.now()
    // Insertion order is expiry order, so the sweep stops at the first live flow.
    for (const [id, flow] of this.#flows) {
      if (flow.expiresAt > now) break
      this.#flows.delete(id)
    }
  }

  /** Flow cookie lifetime in seconds, matching how long a flow is kept. */
  static readonly maxAgeSeconds = FLOW_TTL_MS / 1000
}
