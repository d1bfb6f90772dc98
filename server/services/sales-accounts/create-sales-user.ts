import { v7 as uuidv7 } from 'uuid'
import { salesUsers } from '#schema/db/organisation'
import type { SalesRole } from '#schema/roles'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'

/** A Gold Estates sign-in as stored, secrets included. */
export type StoredSalesUser = typeof salesUsers.$inferSelect

const TAKEN = 'In deze organisatie bestaat al een Gold Estates-account met dit e-mailadres'

/**
 * Refuses an address that already has a Gold Estates sign-in in the organisation (the login
 * directory). The same address in another organisation is another person's sign-in there:
 * it is neither an obstacle nor mentioned.
 */
export async function requireSalesAddressFree(
  ctx: Pick<ServiceContext, 'directory'>,
  email: string,
  organisationId: string,
) {
  if (await ctx.directory.findEntryIn('sales', email.trim().toLowerCase(), organisationId)) {
    throw new AppError('conflict', TAKEN)
  }
}

/**
 * Writes a Gold Estates sign-in into its organisation's file (synchronous: inside the
 * caller's transaction), not yet in the login directory (listSalesUser, once that
 * committed). The address was found free (requireSalesAddressFree); one taken since is
 * caught by the file's unique index and refused the same way.
 */
export function writeSalesUser(
  ctx: Pick<ServiceContext, 'db'>,
  input: {
    organisationId: string
    name: string
    email: string
    role: SalesRole
    passwordHash: string | null
  },
): StoredSalesUser {
  const now = Date.now()
  try {
    return ctx.db
      .insert(salesUsers)
      .values({
        id: uuidv7(),
        organisationId: input.organisationId,
        name: input.name,
        email: input.email.trim().toLowerCase(),
        role: input.role,
        passwordHash: input.passwordHash,
        status: input.passwordHash ? 'active' : 'inactive',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get()
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new AppError('conflict', TAKEN)
    }
    throw error
  }
}

/**
 * Indexes a sign-in's e-mail in the login directory, after its organisation's file
 * committed it: a failure between the two leaves a sign-in nobody can enter, never an
 * entry naming a user that does not exist.
 */
export function listSalesUser(ctx: Pick<ServiceContext, 'directory'>, user: StoredSalesUser) {
  const { email, organisationId, id: userId } = user
  return ctx.directory.addEntry({ email, kind: 'sales', organisationId, userId })
}
