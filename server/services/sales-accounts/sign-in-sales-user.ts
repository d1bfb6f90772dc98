import type { salesUsers } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import type { RememberedAccount } from '../../auth/remembered-account.ts'
import { signInByPassword } from '../sign-in/sign-in-by-password.ts'
import { findSalesAccounts, findSalesUser } from './find-sales-account.ts'
import { getSalesRefusal, openSalesSession } from './open-sales-session.ts'

type SalesUser = typeof salesUsers.$inferSelect
type Deps = Pick<
  AppDeps,
  'env' | 'systemDb' | 'organisations' | 'throttles' | 'organisationChoices'
>

function loadAccounts(deps: Deps, email: string, preferred: readonly string[]): SalesUser[] {
  return findSalesAccounts(deps.systemDb, email, preferred).flatMap((account) => {
    const user = findSalesUser(deps.organisations.get(account.organisationId), account.userId)
    return user?.organisationId === account.organisationId ? [user] : []
  })
}

/**
 * Gold Estates sign-in: the same throttling and rules as the central sign-in
 * (signInByPassword), its own throttle key and session.
 */
export function signInSalesUser(
  deps: Deps,
  input: { email: string; password: string; address: string; remembered: RememberedAccount | null },
) {
  const email = input.email.trim().toLowerCase()
  return signInByPassword(
    deps,
    { ...input, email },
    {
      kind: 'sales',
      throttleKey: `sales:${email}`,
      loadAccounts: (preferred) => loadAccounts(deps, email, preferred),
      getRefusal: (user) => getSalesRefusal(deps, user),
      invalidCredentials: 'Ongeldig e-mailadres of wachtwoord',
      openSession: (user) => openSalesSession(deps, user),
    },
  )
}
