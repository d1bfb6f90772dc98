import { and, eq, isNull, ne } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import {
  emailChangeTokens,
  loginDirectory,
  mailBounces,
  passwordResetTokens,
} from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { hashToken } from '../../auth/tokens.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'

/** What the confirmation page shows for a link that does not work (docs/behaviour.md). */
export const CONFIRM_REFUSALS = {
  unknown: 'Deze bevestigingslink is ongeldig. Vraag de wijziging opnieuw aan in Instellingen.',
  used: 'Deze bevestigingslink is al gebruikt of vervangen door een nieuwere aanvraag.',
  expired: 'Deze bevestigingslink is verlopen. Vraag de wijziging opnieuw aan in Instellingen.',
  otherAccount:
    'Deze link hoort bij een ander account dan waarmee je nu bent ingelogd. Log uit of open de link in een privévenster.',
  gone: 'Dit account bestaat niet meer of kan niet inloggen.',
  taken:
    'Dit adres is inmiddels in gebruik door een ander account in je organisatie. Je e-mailadres is niet gewijzigd.',
} as const

/** The account a request is signed in to, if any: a link for another account is refused. */
export type SignedInAccount = { organisationId: string; userId: string } | null

/**
 * Makes a confirmed address change take effect: the link's one account, once, within its
 * day, while the new address is still free in the organisation. The user's row (and so
 * every device, through replication) and the login directory get the new address; reset
 * links sent to the old one die, and a bounce marker of the old address goes with it.
 * Opened in a browser signed in to another account, the link is refused.
 */
export function confirmAddressChange(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  input: { token: string; signedIn: SignedInAccount },
) {
  const tokenHash = hashToken(input.token)
  const token = deps.systemDb
    .select()
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, tokenHash))
    .get()
  if (token?.kind !== 'central') throw new AppError('invalid_input', CONFIRM_REFUSALS.unknown)
  if (token.usedAt !== null) throw new AppError('invalid_input', CONFIRM_REFUSALS.used)
  if (token.expiresAt <= Date.now()) throw new AppError('invalid_input', CONFIRM_REFUSALS.expired)
  const isOtherAccount =
    input.signedIn &&
    (input.signedIn.userId !== token.userId ||
      input.signedIn.organisationId !== token.organisationId)
  if (isOtherAccount) throw new AppError('forbidden', CONFIRM_REFUSALS.otherAccount)

  const db = deps.organisations.get(token.organisationId)
  const user = db
    .select()
    .from(users)
    .where(and(eq(users.id, token.userId), eq(users.deleted, false)))
    .get()
  if (!user || user.organisationId !== token.organisationId || user.status !== 'active') {
    throw new AppError('forbidden', CONFIRM_REFUSALS.gone)
  }
  const isTaken = (email: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.deleted, false), ne(users.id, user.id)))
      .get() !== undefined
  if (isTaken(token.newEmail)) throw new AppError('conflict', CONFIRM_REFUSALS.taken)

  // Claimed in one statement: of two requests racing with the same link, one goes on.
  const claimed = deps.systemDb
    .update(emailChangeTokens)
    .set({ usedAt: Date.now() })
    .where(and(eq(emailChangeTokens.tokenHash, tokenHash), isNull(emailChangeTokens.usedAt)))
    .returning({ tokenHash: emailChangeTokens.tokenHash })
    .get()
  if (!claimed) throw new AppError('invalid_input', CONFIRM_REFUSALS.used)

  const oldEmail = user.email
  try {
    db.transaction((tx) => {
      tx.update(users)
        .set({ email: token.newEmail, ...changedSyncedRow(tx) })
        .where(eq(users.id, user.id))
        .run()
      appendActivity(
        tx,
        token.organisationId,
        { userId: user.id, name: user.name },
        { type: 'user', action: 'E-mailadres gewijzigd', target: user.name },
      )
    })
  } catch (error) {
    // The unique index caught an address taken in the moment between check and write.
    if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new AppError('conflict', CONFIRM_REFUSALS.taken)
    }
    throw error
  }
  deps.systemDb.transaction((tx) => {
    const account = and(
      eq(loginDirectory.kind, 'central'),
      eq(loginDirectory.organisationId, token.organisationId),
      eq(loginDirectory.userId, user.id),
    )
    tx.update(loginDirectory).set({ email: token.newEmail }).where(account).run()
    // Reset links went to the old address: whoever reads it can no longer use them.
    tx.delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.kind, 'central'),
          eq(passwordResetTokens.organisationId, token.organisationId),
          eq(passwordResetTokens.userId, user.id),
        ),
      )
      .run()
    tx.delete(mailBounces).where(eq(mailBounces.email, oldEmail)).run()
  })
  return { email: token.newEmail }
}
