import { z } from 'zod'
import type { CreateExpiringTokens } from './expiring-tokens.ts'

/** What the callback needs to check an authorization response; never leaves the server. */
const PendingOidcFlowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
})

const FLOW_TTL_MS = 10 * 60 * 1000

/** Flow cookie lifetime in seconds, matching how long a flow is kept. */
export const OIDC_FLOW_MAX_AGE_SECONDS = FLOW_TTL_MS / 1000

/**
 * Sign-ins between /api/login and its callback, by a random flow id (what goes into the
 * cookie); a lost flow only means clicking SSO again. A flow can be taken once.
 */
export function createPendingOidcFlows(createExpiringTokens: CreateExpiringTokens) {
  // Anyone can start flows without signing in; the cap keeps that from filling memory.
  return createExpiringTokens({
    name: 'oidc-flow',
    ttlMs: FLOW_TTL_MS,
    max: 10_000,
    schema: PendingOidcFlowSchema,
  })
}
