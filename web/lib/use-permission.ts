import type { PermissionName } from '#schema/permissions'
import { useSignedInUser } from './current-user.tsx'

/**
 * Whether the signed-in person holds a permission, as the server last said (GET
 * /api/auth/user). Only hides what they cannot do; the server decides every call.
 */
export function useHasPermission(permission: PermissionName): boolean {
  // A user remembered by an older version has no list: nothing is shown until it is fetched.
  const { permissions = [] } = useSignedInUser()
  return permissions.includes(permission)
}
