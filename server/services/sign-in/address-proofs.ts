import { and, eq } from 'drizzle-orm'
import { type AccountKind, addressProofs } from '#schema/db/system'
import { hashToken } from '../../auth/tokens.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { MAX_ENTRIES_PER_ADDRESS } from './match-password.ts'

type SystemTx = Parameters<Parameters<SystemDb['transaction']>[0]>[0]

/** One account of an address, as the directory and a proof name it. */
export type AccountRef = { kind: AccountKind; organisationId: string; userId: string }

/**
 * Records that the holder of `email` set this password through a link mailed to it
 * (decision 033): the account now outranks, at sign-in, those whose password an
 * administrator's held link set.
 */
export function recordAddressProof(
  db: SystemDb | SystemTx,
  account: AccountRef & { email: string; passwordHash: string },
) {
  const values = {
    kind: account.kind,
    organisationId: account.organisationId,
    userId: account.userId,
    email: account.email.trim().toLowerCase(),
    passwordFingerprint: hashToken(account.passwordHash),
    provenAt: Date.now(),
  }
  db.insert(addressProofs)
    .values(values)
    .onConflictDoUpdate({
      target: [addressProofs.kind, addressProofs.organisationId, addressProofs.userId],
      set: { email: values.email, passwordFingerprint: values.passwordFingerprint },
    })
    .run()
}

/**
 * The address's proofs of `kind` (bounded), keyed `organisationId\nuserId`, each with the
 * fingerprint of the password it holds for.
 */
export function findAddressProofs(systemDb: SystemDb, kind: AccountKind, email: string) {
  const rows = systemDb
    .select()
    .from(addressProofs)
    .where(and(eq(addressProofs.email, email.trim().toLowerCase()), eq(addressProofs.kind, kind)))
    .limit(MAX_ENTRIES_PER_ADDRESS)
    .all()
  return new Map(rows.map((row) => [`${row.organisationId}\n${row.userId}`, row]))
}

/** Whether the account's current password is the one its holder set through a mailed link. */
export function isAddressProven(
  proofs: ReturnType<typeof findAddressProofs>,
  account: { organisationId: string; id: string; passwordHash: string | null },
) {
  const proof = proofs.get(`${account.organisationId}\n${account.id}`)
  return (
    proof !== undefined &&
    account.passwordHash !== null &&
    proof.passwordFingerprint === hashToken(account.passwordHash)
  )
}
