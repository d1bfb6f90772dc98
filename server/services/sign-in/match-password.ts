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

/**
 * The accounts a sign-in verifies: those with a password, the ones that may sign in first,
 * at most MAX_ACCOUNTS_PER_ADDRESS. An account without a password (never set up) or one
 * waiting for approval cannot push out the account the person really uses.
 */
export function pickCandidates<T extends { passwordHash: string | null }>(
  accounts: readonly T[],
  maySignIn: (account: T) => boolean,
): T[] {
  const withPassword = accounts.filter((account) => account.passwordHash !== null)
  const ready = withPassword.filter(maySignIn)
  const others = withPassword.filter((account) => !maySignIn(account))
  return [...ready, ...others].slice(0, MAX_ACCOUNTS_PER_ADDRESS)
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
