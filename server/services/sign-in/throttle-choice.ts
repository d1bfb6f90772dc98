import type { AccountKind } from '#schema/db/system'
import type { Throttles } from '../../auth/throttles.ts'

/**
 * Runs a "Kies je organisatie" answer (POST …/login/choose) under the sign-in throttle:
 * a refused answer (an unknown, used or expired choice token, an organisation not offered)
 * counts as a failed sign-in of its client address, which 429s after as many failures as
 * sign-ins and choices together are allowed. The token stands where a sign-in names the
 * account: one token tried too often waits on its own. The tokens cannot be guessed; the
 * count keeps anyone from trying all the same.
 */
export async function throttleChoice<T>(
  throttles: Pick<Throttles, 'signIn'>,
  kind: AccountKind,
  input: { address: string; choiceToken: string },
  attempt: () => Promise<T>,
): Promise<T> {
  const key = `choice:${kind}:${input.choiceToken}`
  await throttles.signIn.check(input.address, key)
  try {
    return await attempt()
  } catch (error) {
    await throttles.signIn.recordFailure(input.address, key)
    throw error
  }
}
