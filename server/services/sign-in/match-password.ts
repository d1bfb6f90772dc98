import { type PasswordHashing, verifyPassword } from '../../auth/password.ts'

/**
 * How many accounts (organisations) one address is checked against at sign-in, and how
 * many argon2 verifications every password sign-in makes. Organisations are created by
 * the platform only, so a real person rarely holds more.
 */
export const MAX_ACCOUNTS_PER_ADDRESS = 3

/**
 * How many directory entries of one address a sign-in reads (cheap lookups, no argon2),
 * to choose the accounts worth verifying from.
 */
export const MAX_ENTRIES_PER_ADDRESS = 50

/** How a sign-in ranks one account of the address (decision 033). */
export type CandidateRank = {
  /** The account this browser last signed in to (a sealed cookie): always checked. */
  isRemembered: boolean
  /** Its holder set its password through a link mailed to the address. */
  isProven: boolean
  /** It may sign in now (active, approved). */
  maySignIn: boolean
  /** When it was created: of the rest, older accounts come first. */
  createdAt: number
}

/**
 * The accounts a sign-in verifies, at most MAX_ACCOUNTS_PER_ADDRESS: only those with a
 * password (an account whose holder never set one does not count), the remembered one
 * first, then those whose address was proven, then the others, oldest first; accounts
 * that may not sign in last. Whatever other organisations create with the address, a
 * decoy neither proven nor remembered ranks below the person's own proven or remembered
 * account, and below any older account of theirs.
 */
export function pickCandidates<T extends { passwordHash: string | null }>(
  accounts: readonly T[],
  rankOf: (account: T) => CandidateRank,
): T[] {
  const tier = (rank: CandidateRank) =>
    rank.isRemembered ? 0 : !rank.maySignIn ? 3 : rank.isProven ? 1 : 2
  return accounts
    .filter((account) => account.passwordHash !== null)
    .map((account) => ({ account, rank: rankOf(account) }))
    .sort((a, b) => tier(a.rank) - tier(b.rank) || a.rank.createdAt - b.rank.createdAt)
    .slice(0, MAX_ACCOUNTS_PER_ADDRESS)
    .map(({ account }) => account)
}

/**
 * The candidates whose stored hash matches the password. Every sign-in makes exactly
 * MAX_ACCOUNTS_PER_ADDRESS verifications, decoys filling the places of missing accounts,
 * all at once (the argon2 thread pool runs them side by side): an unknown address, a
 * wrong password and an address with accounts in several organisations take the same
 * time, so timing tells nobody how many organisations know an address.
 */
export async function matchPassword<T>(
  candidates: readonly T[],
  hashOf: (candidate: T) => string | null | undefined,
  password: string,
  hashing: PasswordHashing,
): Promise<T[]> {
  const checked = candidates.slice(0, MAX_ACCOUNTS_PER_ADDRESS)
  const decoys = Array.from({ length: MAX_ACCOUNTS_PER_ADDRESS - checked.length }, () =>
    verifyPassword(undefined, password, hashing),
  )
  const [results] = await Promise.all([
    Promise.all(checked.map((candidate) => verifyPassword(hashOf(candidate), password, hashing))),
    Promise.all(decoys),
  ])
  return checked.filter((_, index) => results[index])
}
