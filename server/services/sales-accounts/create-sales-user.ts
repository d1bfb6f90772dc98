import { v7 as uuidv7 } from 'uuid'
import { salesUsers } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import type { SalesRole } from '#schema/roles'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { findSalesAccountIn } from './find-sales-account.ts'

/**
 * Creates a Gold Estates sign-in and indexes its e-mail, unique within the organisation.
 * The same address in another organisation is another person's sign-in there: it is
 * neither an obstacle nor mentioned.
 */
export function createSalesUser(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  input: {
    organisationId: string
    name: string
    email: string
    role: SalesRole
    passwordHash: string | null
  },
) {
  const email = input.email.trim().toLowerCase()
  if (findSalesAccountIn(ctx.systemDb, email, input.organisationId)) {
    throw new AppError(
      'conflict',
      'In deze organisatie bestaat al een Gold Estates-account met dit e-mailadres',
    )
  }
  const now = Date.now()
  const user = ctx.db
    .insert(salesUsers)
    .values({
      id: uuidv7(),
      organisationId: input.organisationId,
      name: input.name,
      email,
      role: input.role,
      passwordHash: input.passwordHash,
      status: input.passwordHash ? 'active' : 'inactive',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get()
  ctx.systemDb
    .insert(loginDirectory)
    .values({ email, kind: 'sales', organisationId: input.organisationId, userId: user.id })
    .run()
  return user
}
