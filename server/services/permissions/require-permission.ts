import type { PermissionName } from '#schema/permissions'
import type { Actor } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'

/** Throws 403 unless the actor holds the permission. */
export function requirePermission(actor: Actor, permission: PermissionName) {
  if (!actor.permissions.has(permission)) {
    throw new AppError('forbidden', `Je hebt geen recht op deze actie (${permission})`)
  }
}
