import type { AppDeps } from '../../app-deps.ts'
import type { RememberedAccount } from '../../auth/remembered-account.ts'
import { signInByPassword } from '../sign-in/sign-in-by-password.ts'
import type { StoredUser } from './create-central-user.ts'
import { findCentralAccounts } from './find-central-account.ts'
import { findUser } from './find-user.ts'
import { getCentralRefusal, openCentralSession } from './open-central-session.ts'

// One message for a wrong e-mail and a wrong password: it must not tell which.
const INVALID_CREDENTIALS = 'Ongeldige inloggegevens'

type Deps = Pick<
  AppDeps,
  'env' | 'systemDb' | 'organisations' | 'throttles' | 'organisationChoices'
>

function loadAccounts(deps: Deps, email: string, preferred: readonly string[]): StoredUser[] {
  return findCentralAccounts(deps.systemDb, email, preferred).flatMap((account) => {
    const user = findUser(deps.organisations.get(account.organisationId), account.userId)
    // A file row never moves an account into another organisation (decision 007).
    return user?.organisationId === account.organisationId ? [user] : []
  })
}

/**
 * Checks e-mail and password against the address's central accounts in every organisation
 * (signInByPassword); an account waiting for approval or not active is refused with why.
 */
export function signInWithPassword(
  deps: Deps,
  input: { email: string; password: string; address: string; remembered: RememberedAccount | null },
) {
  const email = input.email.trim().toLowerCase()
  return signInByPassword(
    deps,
    { ...input, email },
    {
      kind: 'central',
      throttleKey: email,
      loadAccounts: (preferred) => loadAccounts(deps, email, preferred),
      getRefusal: getCentralRefusal,
      invalidCredentials: INVALID_CREDENTIALS,
      openSession: (user) => openCentralSession(deps, user),
    },
  )
}
