import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import {
  type AccountKind,
  addressProofs,
  emailChangeTokens,
  mailBounces,
  passwordResetTokens,
} from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { hashToken } from '../../auth/tokens.ts'
import { claimLinkToken } from '../../db/claim-link-token.ts'
import { ofAccount } from '../../db/of-account.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { AppError } from '../../errors/app-error.ts'
import { recordAddressProof } from '../sign-in/address-proofs.ts'

type SystemTx = Parameters<Parameters<SystemDb['transaction']>[0]>[0]

/** One account whose own address changes: a Centraal user or a Gold Estates sign-in. */
export type ChangingAccount = { kind: AccountKind; organisationId: string; userId: string }

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

/** The account a request is signed in to (of the link's kind), if any. */
export type SignedInAccount = { organisationId: string; userId: string } | null

/** The change of this account still waiting for its link, if any. */
export function findWaitingChange(systemDb: SystemDb, account: ChangingAccount) {
  return (
    systemDb
      .select({ email: emailChangeTokens.newEmail, expiresAt: emailChangeTokens.expiresAt })
      .from(emailChangeTokens)
      .where(
        and(
          ofAccount(emailChangeTokens, account),
          isNull(emailChangeTokens.usedAt),
          gt(emailChangeTokens.expiresAt, Date.now()),
        ),
      )
      .orderBy(desc(emailChangeTokens.createdAt))
      .get() ?? null
  )
}

/** Writes a change's token (its SHA-256), replacing the one waiting: only the newest works. */
export function writeChangeToken(
  tx: SystemTx,
  account: ChangingAccount,
  change: { token: string; newEmail: string; now: number; expiresAt: number },
) {
  tx.update(emailChangeTokens)
    .set({ usedAt: change.now })
    .where(and(ofAccount(emailChangeTokens, account), isNull(emailChangeTokens.usedAt)))
    .run()
  tx.insert(emailChangeTokens)
    .values({
      tokenHash: hashToken(change.token),
      ...account,
      newEmail: change.newEmail,
      expiresAt: change.expiresAt,
      createdAt: change.now,
    })
    .run()
}

/**
 * The live token of a link of `kind`, or a refusal: unknown (or the other area's), used,
 * expired, or opened in a browser signed in to another account of that kind.
 */
export function readChangeToken(
  systemDb: SystemDb,
  input: { token: string; kind: AccountKind; signedIn: SignedInAccount },
) {
  const tokenHash = hashToken(input.token)
  const token = systemDb
    .select()
    .from(emailChangeTokens)
    .where(eq(emailChangeTokens.tokenHash, tokenHash))
    .get()
  if (token?.kind !== input.kind) throw new AppError('invalid_input', CONFIRM_REFUSALS.unknown)
  if (token.usedAt !== null) throw new AppError('invalid_input', CONFIRM_REFUSALS.used)
  if (token.expiresAt <= Date.now()) throw new AppError('invalid_input', CONFIRM_REFUSALS.expired)
  const isOtherAccount =
    input.signedIn &&
    (input.signedIn.userId !== token.userId ||
      input.signedIn.organisationId !== token.organisationId)
  if (isOtherAccount) throw new AppError('forbidden', CONFIRM_REFUSALS.otherAccount)
  return token
}

/** Claims the token in one statement: of two requests racing with one link, one goes on. */
export function claimChangeToken(systemDb: SystemDb, tokenHash: string) {
  claimLinkToken(systemDb, emailChangeTokens, tokenHash, CONFIRM_REFUSALS.used)
}

/**
 * What the system file says about the account once its new address took effect: the login
 * directory follows; reset links (mailed to the old address) die; the old address's bounce
 * marker goes. The address proof (decision 033) moves to the new address when the link
 * came by SMTP (it reached that address, and the change was asked with the password);
 * a link kept for the outbox page proves nothing, so the proof goes.
 *
 * The directory's entry moves first, then the system file's part, in one transaction (on
 * PostgreSQL the directory is another store). Should that part fail, what is left are the
 * old address's reset links, which expire within the hour (PASSWORD_RESET_TTL_MS); the
 * other order would leave the entry at the old address, where a reset request still finds
 * the account, with no end.
 */
export async function followAddressChange(
  deps: Pick<AppDeps, 'systemDb' | 'directory'>,
  account: ChangingAccount & { oldEmail: string; newEmail: string },
  proof: { mailed: boolean; passwordHash: string | null },
) {
  const { kind, organisationId, userId } = account
  await deps.directory.changeEntryEmail({ kind, organisationId, userId }, account.newEmail)
  deps.systemDb.transaction((tx) => {
    tx.delete(passwordResetTokens).where(ofAccount(passwordResetTokens, account)).run()
    tx.delete(mailBounces).where(eq(mailBounces.email, account.oldEmail)).run()
    if (proof.mailed && proof.passwordHash) {
      const passwordHash = proof.passwordHash
      recordAddressProof(tx, {
        kind,
        organisationId,
        userId,
        email: account.newEmail,
        passwordHash,
      })
    } else {
      tx.delete(addressProofs).where(ofAccount(addressProofs, account)).run()
    }
  })
}
