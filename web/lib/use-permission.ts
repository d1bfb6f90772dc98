import { type PermissionName, ROLE_PERMISSIONS } from '#schema/permissions'
import { useSignedInUser } from './current-user.tsx'

/**
 * Whether the signed-in person's role grants a permission. Only hides what they cannot
 * do; per-user grants are not known here and the server decides every write.
 */
export function useHasPermission(permission: PermissionName): boolean {
  const { role } = useSignedInUser()
  return ROLE_PERMISSIONS[role].includes(permission)
}
