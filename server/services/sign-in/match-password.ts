import { verifyPassword } from '../../auth/password.ts'

/**
 * How many accounts (organisations) one address is checked against at sign-in. Each is an
 * argon2 verification; organisations are created by the platform only, so a real person
 * stays far below it.
 */
export const MAX_ACCOUNTS_PER_ADDRESS = 5

/**
 * The candidates whose stored hash matches the password. All are verified at once (the
 * argon2 thread pool runs them side by side), so two accounts take about the time of one;
 * no candidate at all still verifies a decoy, so an unknown address costs what a wrong
 * password costs.
 */
export async function matchPassword<T>(
  candidates: readonly T[],
  hashOf: (candidate: T) => string | null | undefined,
  password: string,
): Promise<T[]> {
  if (candidates.length === 0) {
    await verifyPassword(undefined, password)
    return []
  }
  const results = await Promise.all(
    candidates.map((candidate) => verifyPassword(hashOf(candidate), password)),
  )
  return candidates.filter((_, index) => results[index])
}
