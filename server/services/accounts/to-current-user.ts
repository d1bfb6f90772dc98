import type { CurrentUser } from '#schema/auth'
import type { PermissionName } from '#schema/permissions'
import type { StoredUser } from './create-central-user.ts'

/** The fields of GET /api/auth/user: no hash, no token; with what the user may do. */
export function toCurrentUser(
  user: StoredUser,
  permissions: ReadonlySet<PermissionName>,
): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    // The wire keeps the American spelling (CurrentUser, decision 020).
    organizationId: user.organisationId,
    profileImageUrl: user.profileImageUrl,
    permissions: [...permissions].sort(),
  }
}
