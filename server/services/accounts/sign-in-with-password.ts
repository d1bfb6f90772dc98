import { eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import { verifyPassword } from '../../auth/password.ts'
import { createSession } from '../../auth/sessions.ts'
import type { AppDeps } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { findCentralAccount } from './find-central-account.ts'
import { findUser } from './find-user.ts'

// One message for a wrong e-mail and a wrong password: it must not tell which.
const INVALID_CREDENTIALS = 'Ongeldige inloggegevens'

/**
 * Checks e-mail and password and opens a central session. Failed attempts are throttled
 * per client address and per account from that address; a right password for an account that is not active is refused
 * with 403 (the person knows the password, so saying why helps and leaks nothing).
 */
export async function signInWithPassword(
  deps: Pick<AppDeps, 'systemDb' | 'organisations' | 'throttles'>,
  input: { email: string; password: string; address: string },
) {
  const email = input.email.trim().toLowerCase()
  await deps.throttles.signIn.check(input.address, email)
  const account = findCentralAccount(deps.systemDb, email)
  const storedHash = account
    ? findUser(deps.organisations.get(account.organizationId), account.userId)?.passwordHash
    : undefined
  const isValid = await verifyPassword(storedHash, input.password)
  // Looked up again after the await: the user may have changed meanwhile.
  const user = account
    ? findUser(deps.organisations.get(account.organizationId), account.userId)
    : undefined
  if (!isValid || !user || !account || user.organizationId !== account.organizationId) {
    await deps.throttles.signIn.recordFailure(input.address, email)
    throw new AppError('unauthenticated', INVALID_CREDENTIALS)
  }
  if (user.awaitingApproval) {
    throw new AppError('forbidden', 'Je account wacht op goedkeuring door een beheerder.')
  }
  if (user.status !== 'active') {
    throw new AppError('forbidden', 'Dit account is niet actief. Neem contact op met je beheerder.')
  }
  await deps.throttles.signIn.recordSuccess(input.address, email)
  deps.organisations
    .get(account.organizationId)
    .update(users)
    .set({ lastActive: Date.now() })
    .where(eq(users.id, user.id))
    .run()
  const session = createSession(deps.systemDb, {
    kind: 'central',
    userId: user.id,
    organizationId: account.organizationId,
  })
  return { user, session }
}
