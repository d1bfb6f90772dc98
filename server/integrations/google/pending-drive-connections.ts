import { generateToken, hashToken } from '../../auth/tokens.ts'

/** Who started a Drive connection: the callback must come back to the same person. */
export type PendingDriveConnection = { organisationId: string; userId: string }

const CONNECTION_TTL_MS = 10 * 60 * 1000
// Only administrators can start one; the cap is a safeguard, not a limit anyone meets.
const MAX_CONNECTIONS = 1000

/**
 * Drive connections between consent URL and callback, by the SHA-256 of their OAuth state.
 * In memory, like SSO flows: a restart in those minutes only means clicking Verbinden again.
 * A state can be taken once.
 */
export class PendingDriveConnections {
  readonly #byStateHash = new Map<string, PendingDriveConnection & { expiresAt: number }>()

  /** Remembers a connection and returns its state (what goes into the consent URL). */
  add(connection: PendingDriveConnection): string {
    this.#deleteExpired()
    while (this.#byStateHash.size >= MAX_CONNECTIONS) {
      const oldest = this.#byStateHash.keys().next().value
      if (oldest === undefined) break
      this.#byStateHash.delete(oldest)
    }
    const state = generateToken()
    this.#byStateHash.set(hashToken(state), {
      ...connection,
      expiresAt: Date.now() + CONNECTION_TTL_MS,
    })
    return state
  }

  /** The connection of this state, removed; undefined when unknown or expired. */
  take(state: string): PendingDriveConnection | undefined {
    const key = hashToken(state)
    const connection = this.#byStateHash.get(key)
    this.#byStateHash.delete(key)
    if (!connection || connection.expiresAt <= Date.now()) return undefined
    return { organisationId: connection.organisationId, userId: connection.userId }
  }

  #deleteExpired() {
    const now = Date.now()
    // Insertion order is expiry order, so the sweep stops at the first live one.
    for (const [key, connection] of this.#byStateHash) {
      if (connection.expiresAt > now) break
      this.#byStateHash.delete(key)
    }
  }
}
