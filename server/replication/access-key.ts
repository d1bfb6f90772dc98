import { createHash } from 'node:crypto'
import type { Actor } from '#server/context'

/**
 * A short fingerprint of what an actor may read: their rights and the seller they are.
 * Every read filter and projection depends on these alone, so when it changes (a role,
 * a grant, a seller link) the rows a device holds may no longer be the rows it may see:
 * the next pull starts over (PullResponse.reset) and the device drops what it lost.
 */
export function getAccessKey(actor: Pick<Actor, 'permissions' | 'sellerId'>): string {
  const facts = JSON.stringify([[...actor.permissions].sort(), actor.sellerId ?? null])
  return createHash('sha256').update(facts).digest('base64url').slice(0, 16)
}
