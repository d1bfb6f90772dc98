import { ExpiringTokens } from '../../auth/expiring-tokens.ts'

/** Who started a Drive connection: the callback must come back to the same person. */
export type PendingDriveConnection = { organisationId: string; userId: string }

/**
 * Drive connections between consent URL and callback, by their OAuth state (the token);
 * a lost one only means clicking Verbinden again. A state can be taken once.
 */
export class PendingDriveConnections extends ExpiringTokens<PendingDriveConnection> {
  constructor() {
    // Only administrators can start one; the cap is a safeguard, not a limit anyone meets.
    super({ ttlMs: 10 * 60 * 1000, max: 1000 })
  }
}
