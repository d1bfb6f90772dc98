import { and, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { UserRole, UserStatus } from '#schema/roles'
import type { ActivityAuthor, ServiceContext } from '../../context.ts'
import { newSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../errors/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'

/** A central user as stored, secrets included; never send this to a client. */
export type StoredUser = typeof users.$inferSelect

type NewCentralUser = {
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
}

/**
 * Writes a new central user into its organisation's file, not yet in the login directory
 * (listCentralUser, once this committed). An address is unique within the organisation
 * only: another organisation's account with it is neither an obstacle nor mentioned. The
 * check reads the organisation's file (the directory's entries are made from it) in the
 * transaction that writes, so two requests cannot both take the same address; synchronous,
 * so a replicated create runs it inside its push's transaction.
 */
export function writeCentralUser(
  ctx: Pick<ServiceContext, 'db'>,
  input: NewCentralUser,
): StoredUser {
  const email = input.email.trim().toLowerCase()
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const taken = tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.deleted, false)))
      .get()
    if (taken) throw new AppError('conflict', 'Dit e-mailadres is al in gebruik')
    const created = tx
      .insert(users)
      .values({
        ...newSyncedRow(tx, input.organisationId, input.id, now),
        name: input.name,
        email,
        role: input.role,
        status: input.status,
        passwordHash: input.passwordHash,
        setupCompleted: input.passwordHash !== null,
        selfRegistered: input.isSelfRegistered ?? false,
        awaitingApproval: input.isAwaitingApproval ?? false,
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
}

/**
 * Indexes a central user's e-mail in the login directory, after its organisation's file
 * committed it: a failure between the two leaves an account nobody can sign in to, never
 * an entry naming a user that does not exist.
 */
export function listCentralUser(ctx: Pick<ServiceContext, 'directory'>, user: StoredUser) {
  const { email, organisationId, id: userId } = user
  return ctx.directory.addEntry({ email, kind: 'central', organisationId, userId })
}

/** Creates a central user (writeCentralUser) and then lists it (listCentralUser). */
export async function createCentralUser(
  ctx: Pick<ServiceContext, 'db' | 'directory'>,
  input: NewCentralUser,
): Promise<StoredUser> {
  const user = writeCentralUser(ctx, input)
  await listCentralUser(ctx, user)
  return user
}
