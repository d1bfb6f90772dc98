import { v7 as uuidv7 } from 'uuid'
import { salesUsers } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'

/**
 * Creates the Gold Estates account LAUNCH APP opens for a central user: role ADMIN, no
 * password, tied to the central user by id. It carries the person's address for the
 * screens, but nobody signs in to it by address: its directory key is the central user's
 * id (launchKeyOf), so a sign-in with the same address, in this organisation or another,
 * never meets it, blocks it or is taken over by it. Synchronous, inside the launch's
 * transaction; the launch then indexes it (indexLaunchAccount).
 */
export function createLaunchAccount(
  ctx: Pick<ServiceContext, 'db'>,
  organisationId: string,
  centralUser: { id: string; name: string; email: string },
) {
  const now = Date.now()
  return ctx.db
    .insert(salesUsers)
    .values({
      id: uuidv7(),
      organisationId: organisationId,
      name: centralUser.name,
      email: centralUser.email,
      role: 'ADMIN',
      passwordHash: null,
      centraalUserId: centralUser.id,
      status: 'active',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get()
}

/**
 * Makes the login directory name this launch account under its central user's key, so its
 * sessions are valid; every launch does it again, which also mends an entry a restore
 * left to another row.
 */
export function indexLaunchAccount(
  ctx: Pick<ServiceContext, 'directory'>,
  organisationId: string,
  centralUserId: string,
  salesUserId: string,
) {
  return ctx.directory.putLaunchEntry(organisationId, centralUserId, salesUserId)
}
