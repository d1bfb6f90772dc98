import type { CurrentUser } from '#schema/auth'
import type { PermissionName } from '#schema/permissions'
import type { StoredUser } from './create-central-user.ts'
import { toWireAccount } from './to-wire-account.ts'

/** The fields of GET /api/auth/user: no hash, no token; with what the user may do. */
export function toCurrentUser(
  user: StoredUser,
  permissions: ReadonlySet<PermissionName>,
): CurrentUser {
  return {
    ...toWireAccount(user),
    profileImageUrl: user.profileImageUrl,
    permissions: [...permissions].sort(),
  }
}
