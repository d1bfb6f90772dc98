import { eq } from 'drizzle-orm'
import { salesUsers } from '#schema/db/organisation'
import { verifyPassword } from '../../auth/password.ts'
import { createSession } from '../../auth/sessions.ts'
import type { AppDeps } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { findSalesAccount, findSalesUser } from './find-sales-account.ts'
import { isSalesUserAllowed } from './is-sales-user-allowed.ts'

/** Sales sign-in: the same throttling and rules as the central sign-in, its own session. */
export async function signInSalesUser(
  deps: Pick<AppDeps, 'systemDb' | 'organisations' | 'throttles'>,
  input: { email: string; password: string; address: string },
) {
  const email = input.email.trim().toLowerCase()
  const throttleKey = `sales:${email}`
  await deps.throttles.signIn.check(input.address, throttleKey)
  const account = findSalesAccount(deps.systemDb, email)
  const lookUp = () =>
    account
      ? findSalesUser(deps.organisations.get(account.organizationId), account.userId)
      : undefined
  const isValid = await verifyPassword(lookUp()?.passwordHash, input.password)
  const user = lookUp()
  if (!isValid || !user || !account) {
    await deps.throttles.signIn.recordFailure(input.address, throttleKey)
    throw new AppError('unauthenticated', 'Ongeldig e-mailadres of wachtwoord')
  }
  if (
    !isSalesUserAllowed(
      deps.organisations.get(account.organizationId),
      user,
      account.organizationId,
    )
  ) {
    throw new AppError('forbidden', 'Dit account is niet actief. Neem contact op met je beheerder.')
  }
  await deps.throttles.signIn.recordSuccess(input.address, throttleKey)
  deps.organisations
    .get(account.organizationId)
    .update(salesUsers)
    .set({ lastLogin: Date.now() })
    .where(eq(salesUsers.id, user.id))
    .run()
  const session = createSession(deps.systemDb, {
    kind: 'sales',
    userId: user.id,
    organizationId: account.organizationId,
  })
  return { user, session }
}
