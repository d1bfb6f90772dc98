import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { SimpleSetupSchema } from '#schema/auth'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { users } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { hashPassword } from '../../auth/password.ts'
import { AppError } from '../../errors/app-error.ts'
import { noteUserActive } from '../users/note-user-active.ts'
import { createCentralUser } from './create-central-user.ts'

/** True once default-org has a live SUPERADMIN. */
export function hasSuperadmin(deps: Pick<AppDeps, 'organisations'>) {
  const row = deps.organisations
    .get(DEFAULT_ORGANISATION_ID)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'SUPERADMIN'), eq(users.deleted, false)))
    .get()
  return row !== undefined
}

/**
 * First-time setup: the first SUPERADMIN of default-org. Refused once one exists, so the
 * open /setup screen cannot be used to take over an installed product.
 */
export async function createFirstSuperadmin(
  deps: Pick<AppDeps, 'env' | 'directory' | 'organisations'>,
  input: z.infer<typeof SimpleSetupSchema>,
) {
  if (hasSuperadmin(deps)) throw new AppError('conflict', 'A SUPERADMIN account already exists')
  const passwordHash = await hashPassword(input.password, deps.env)
  // Checked again after the await: another setup may have finished meanwhile.
  if (hasSuperadmin(deps)) throw new AppError('conflict', 'A SUPERADMIN account already exists')
  if (await deps.directory.findEntryIn('central', input.email, DEFAULT_ORGANISATION_ID)) {
    throw new AppError('conflict', 'An account with this e-mail already exists')
  }
  // Asked again after the await above: a setup of someone else may have finished.
  if (hasSuperadmin(deps)) throw new AppError('conflict', 'A SUPERADMIN account already exists')
  const db = deps.organisations.get(DEFAULT_ORGANISATION_ID)
  const user = await createCentralUser(
    { db, directory: deps.directory },
    {
      organisationId: DEFAULT_ORGANISATION_ID,
      name: input.name,
      email: input.email,
      role: 'SUPERADMIN',
      status: 'active',
      passwordHash,
      actor: { userId: null, name: input.name },
      action: 'SUPERADMIN aangemaakt via setup',
    },
  )
  // The setup signs them in (routes/auth.ts): that is activity too. The file taken again
  // after the await: the cache may have closed it meanwhile.
  noteUserActive(deps.organisations.get(DEFAULT_ORGANISATION_ID), user.id)
  return user
}
