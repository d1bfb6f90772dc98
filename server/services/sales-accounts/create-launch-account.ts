import { v7 as uuidv7 } from 'uuid'
import { salesUsers } from '#schema/db/organisation'
import { launchKeyOf, loginDirectory } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import type { SystemDb } from '../../db/system-db.ts'

/**
 * Creates the Gold Estates account LAUNCH APP opens for a central user: role ADMIN, no
 * password, tied to the central user by id. It carries the person's address for the
 * screens, but nobody signs in to it by address: its directory key is the central user's
 * id (launchKeyOf), so a sign-in with the same address, in this organisation or another,
 * never meets it, blocks it or is taken over by it.
 */
export function createLaunchAccount(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  organisationId: string,
  centralUser: { id: string; name: string; email: string },
) {
  const now = Date.now()
  const user = ctx.db
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
  indexLaunchAccount(ctx.systemDb, organisationId, centralUser.id, user.id)
  return user
}

/**
 * Makes the login directory name this launch account under its central user's key, so its
 * sessions are valid; every launch does it again, which also mends an entry a restore
 * left to another row.
 */
export function indexLaunchAccount(
  systemDb: SystemDb,
  organisationId: string,
  centralUserId: string,
  salesUserId: string,
) {
  systemDb
    .insert(loginDirectory)
    .values({
      email: launchKeyOf(centralUserId),
      kind: 'sales',
      organisationId: organisationId,
      userId: salesUserId,
    })
    .onConflictDoUpdate({
      target: [loginDirectory.email, loginDirectory.kind, loginDirectory.organisationId],
      set: { userId: salesUserId },
    })
    .run()
}
