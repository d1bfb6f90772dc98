import type { salesUsers } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../http/app-error.ts'
import { matchPassword, pickCandidates } from '../sign-in/match-password.ts'
import { offerOrganisationChoice } from '../sign-in/offer-organisation-choice.ts'
import { findSalesAccounts, findSalesUser } from './find-sales-account.ts'
import { maySalesUserSignIn, openSalesSession } from './open-sales-session.ts'

type SalesUser = typeof salesUsers.$inferSelect
type Deps = Pick<AppDeps, 'systemDb' | 'organisations' | 'throttles' | 'organisationChoices'>

function loadAccounts(deps: Deps, email: string): SalesUser[] {
  return findSalesAccounts(deps.systemDb, email).flatMap((account) => {
    const user = findSalesUser(deps.organisations.get(account.organisationId), account.userId)
    return user?.organisationId === account.organisationId ? [user] : []
  })
}

/**
 * Gold Estates sign-in: the same throttling and rules as the central sign-in, its own
 * session. A password that matches sign-ins in several organisations answers a choice
 * listing only those organisations.
 */
export async function signInSalesUser(
  deps: Deps,
  input: { email: string; password: string; address: string },
) {
  const email = input.email.trim().toLowerCase()
  const throttleKey = `sales:${email}`
  await deps.throttles.signIn.check(input.address, throttleKey)
  const candidates = pickCandidates(loadAccounts(deps, email), (user) =>
    maySalesUserSignIn(deps, user),
  )
  const matched = await matchPassword(candidates, (user) => user.passwordHash, input.password)
  // Looked up again after the await: an account may have changed meanwhile, its password
  // too (a reset), and then the password checked no longer opens it.
  const keyOf = (user: { organisationId: string; id: string; passwordHash: string | null }) =>
    `${user.organisationId}\n${user.id}\n${user.passwordHash}`
  const ids = new Set(matched.map(keyOf))
  const current = loadAccounts(deps, email).filter((user) => ids.has(keyOf(user)))
  if (current.length === 0) {
    await deps.throttles.signIn.recordFailure(input.address, throttleKey)
    throw new AppError('unauthenticated', 'Ongeldig e-mailadres of wachtwoord')
  }
  const allowed = current.filter((user) => maySalesUserSignIn(deps, user))
  if (allowed.length === 0) {
    throw new AppError('forbidden', 'Dit account is niet actief. Neem contact op met je beheerder.')
  }
  await deps.throttles.signIn.recordSuccess(input.address, throttleKey)
  if (allowed.length === 1) return { signedIn: openSalesSession(deps, allowed[0] as SalesUser) }
  const accounts = allowed.map((user) => ({
    organisationId: user.organisationId,
    userId: user.id,
    passwordHash: user.passwordHash ?? '',
  }))
  return { choice: offerOrganisationChoice(deps, 'sales', accounts) }
}
