import type { CurrentUser } from '#schema/auth'
import type { StoredUser } from './create-central-user.ts'

/** The fields of GET /api/auth/user: no hash, no token. */
export function toCurrentUser(user: StoredUser): CurrentUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    organizationId: user.organizationId,
    profileImageUrl: user.profileImageUrl,
  }
}
