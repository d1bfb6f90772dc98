import { USER_ROLES, USER_STATUSES } from './roles.ts'
import { z } from './zod.ts'

/** A central user role. */
export const UserRoleSchema = z.enum(USER_ROLES)

/** A central or sales account status. */
export const UserStatusSchema = z.enum(USER_STATUSES)
