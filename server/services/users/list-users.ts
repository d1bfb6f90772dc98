import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { listLiveRowsByName } from '../../db/require-live-row.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { toUserDocument } from './to-user-document.ts'

/** The organisation's users, by name. */
export function listUsers(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'users.read')
  return listLiveRowsByName(ctx.db, users).map(toUserDocument)
}
