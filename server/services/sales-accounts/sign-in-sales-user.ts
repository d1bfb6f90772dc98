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
  deps: Pick<AppDeps, 'systemDb' | 'organisations' | 'throttle'>,
  input: { email: string; password: string; ip: string },
) {
  const email = input.email.trim().toLowerCase()
  const throttleKey = `sales:${email}`
  const retryAfter = deps.throttle.getRetryAfterSeconds(input.ip, throttleKey)
  if (retryAfter > 0) {
    throw new AppError(
      'too_many_requests',
      'Te veel mislukte pogingen. Probeer het later opnieuw.',
      {
        retryAfterSeconds: retryAfter,
      },
    )
  }
  const account = findSalesAccount(deps.systemDb, email)
  const lookUp = () =>
    account
      ? findSalesUser(deps.organisations.get(account.organizationId), account.userId)
      : undefined
  const isValid = await verifyPassword(lookUp()?.passwordHash, input.password)
  const user = lookUp()
  if (!isValid || !user || !account) {
    deps.throttle.recordFailure(input.ip, throttleKey)
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
  deps.throttle.recordSuccess(throttleKey)
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
