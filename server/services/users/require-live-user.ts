import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requireLiveRow } from '../../db/require-live-row.ts'

/** The user with this id in the actor's organisation; 404 when missing or deleted. */
export function requireLiveUser(ctx: Pick<ServiceContext, 'db'>, id: string) {
  return requireLiveRow(ctx.db, users, id, 'Gebruiker niet gevonden')
}
