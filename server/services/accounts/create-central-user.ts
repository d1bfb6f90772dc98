import { v7 as uuidv7 } from 'uuid'
import { users } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import type { UserRole, UserStatus } from '#schema/roles'
import type { ActivityAuthor, ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { findCentralAccountIn } from './find-central-account.ts'

/** A central user as stored, secrets included; never send this to a client. */
export type StoredUser = typeof users.$inferSelect

/**
 * Creates a central user in its organisation's file and indexes its e-mail in the login
 * directory. An address is unique within the organisation only: another organisation's
 * account with it is neither an obstacle nor mentioned. Synchronous from the check to the
 * last write, so two requests cannot both take the same address.
 */
export function createCentralUser(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  input: {
    /** A client-generated id (replication); a new UUID v7 otherwise. */
    id?: string
    organisationId: string
    name: string
    email: string
    role: UserRole
    status: UserStatus
    passwordHash: string | null
    /** Through /register rather than by an administrator (default false). */
    isSelfRegistered?: boolean
    /** Waits for an administrator's approval before it may sign in (default false). */
    isAwaitingApproval?: boolean
    actor: ActivityAuthor
    action: string
  },
): StoredUser {
  const email = input.email.trim().toLowerCase()
  if (findCentralAccountIn(ctx.systemDb, email, input.organisationId)) {
    throw new AppError('conflict', 'Dit e-mailadres is al in gebruik')
  }
  const now = Date.now()
  const user = ctx.db.transaction((tx) => {
    const created = tx
      .insert(users)
      .values({
        id: input.id ?? uuidv7(),
        seq: takeNextSeq(tx),
        updatedAt: now,
        organisationId: input.organisationId,
        name: input.name,
        email,
        role: input.role,
        status: input.status,
        passwordHash: input.passwordHash,
        setupCompleted: input.passwordHash !== null,
        selfRegistered: input.isSelfRegistered ?? false,
        awaitingApproval: input.isAwaitingApproval ?? false,
        createdAt: now,
      })
      .returning()
      .get()
    appendActivity(tx, input.organisationId, input.actor, {
      type: 'user',
      action: input.action,
      target: input.name,
      metadata: { userId: created.id, role: input.role },
    })
    return created
  })
  ctx.systemDb
    .insert(loginDirectory)
    .values({ email, kind: 'central', organisationId: input.organisationId, userId: user.id })
    .run()
  return user
}
