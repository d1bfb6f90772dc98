import { z } from 'zod'
import type { CreateExpiringTokens } from '../../auth/expiring-tokens.ts'

/** Who started a Drive connection: the callback must come back to the same person. */
const PendingDriveConnectionSchema = z.object({ organisationId: z.string(), userId: z.string() })

/**
 * Drive connections between consent URL and callback, by their OAuth state (the token);
 * a lost one only means clicking Verbinden again. A state can be taken once.
 */
export function createPendingDriveConnections(createExpiringTokens: CreateExpiringTokens) {
  // Only administrators can start one; the cap is a safeguard, not a limit anyone meets.
  return createExpiringTokens({
    name: 'drive-connection',
    ttlMs: 10 * 60 * 1000,
    max: 1000,
    schema: PendingDriveConnectionSchema,
  })
}

/** The Drive connections waiting for Google's callback. */
export type PendingDriveConnections = ReturnType<typeof createPendingDriveConnections>
