import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../http/app-error.ts'
import { matchPassword, pickCandidates } from '../sign-in/match-password.ts'
import { offerOrganisationChoice } from '../sign-in/offer-organisation-choice.ts'
import type { StoredUser } from './create-central-user.ts'
import { findCentralAccounts } from './find-central-account.ts'
import { findUser } from './find-user.ts'
import { getCentralRefusal, openCentralSession } from './open-central-session.ts'

// One message for a wrong e-mail and a wrong password: it must not tell which.
const INVALID_CREDENTIALS = 'Ongeldige inloggegevens'

type Deps = Pick<AppDeps, 'systemDb' | 'organisations' | 'throttles' | 'organisationChoices'>

function loadAccounts(deps: Deps, email: string): StoredUser[] {
  return findCentralAccounts(deps.systemDb, email).flatMap((account) => {
    const user = findUser(deps.organisations.get(account.organisationId), account.userId)
    // A file row never moves an account into another organisation (decision 007).
    return user?.organisationId === account.organisationId ? [user] : []
  })
}

/**
 * Checks e-mail and password against the address's accounts in every organisation.
 * One account that may sign in: a central session. Several, in several organisations: a
 * choice ("Kies je organisatie") listing only the organisations whose account the password
 * matched. Failed attempts are throttled per client address and per address and e-mail; a
 * right password for an account that is not active is refused with 403 (the person knows
 * the password, so saying why helps and leaks nothing).
 */
export async function signInWithPassword(
  deps: Deps,
  input: { email: string; password: string; address: string },
) {
  const email = input.email.trim().toLowerCase()
  await deps.throttles.signIn.check(input.address, email)
  const candidates = pickCandidates(
    loadAccounts(deps, email),
    (user) => getCentralRefusal(user) === null,
  )
  const matched = await matchPassword(candidates, (user) => user.passwordHash, input.password)
  // Looked up again after the await: an account may have changed meanwhile, its password
  // too (a reset), and then the password checked no longer opens it.
  const keyOf = (user: { organisationId: string; id: string; passwordHash: string | null }) =>
    `${user.organisationId}\n${user.id}\n${user.passwordHash}`
  const ids = new Set(matched.map(keyOf))
  const current = loadAccounts(deps, email).filter((user) => ids.has(keyOf(user)))
  if (current.length === 0) {
    await deps.throttles.signIn.recordFailure(input.address, email)
    throw new AppError('unauthenticated', INVALID_CREDENTIALS)
  }
  const allowed = current.filter((user) => getCentralRefusal(user) === null)
  if (allowed.length === 0) {
    throw new AppError('forbidden', getCentralRefusal(current[0] as StoredUser) ?? '')
  }
  await deps.throttles.signIn.recordSuccess(input.address, email)
  if (allowed.length === 1) return { signedIn: openCentralSession(deps, allowed[0] as StoredUser) }
  const accounts = allowed.map((user) => ({
    organisationId: user.organisationId,
    userId: user.id,
    passwordHash: user.passwordHash ?? '',
  }))
  return { choice: offerOrganisationChoice(deps, 'central', accounts) }
}
