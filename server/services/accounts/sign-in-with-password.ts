import type { RememberedAccount } from '../../auth/remembered-account.ts'
import { type PasswordSignInDeps, signInByPassword } from '../sign-in/sign-in-by-password.ts'
import { findUser } from './find-user.ts'
import { getCentralRefusal, openCentralSession } from './open-central-session.ts'

// One message for a wrong e-mail and a wrong password: it must not tell which.
const INVALID_CREDENTIALS = 'Ongeldige inloggegevens'

/**
 * Checks e-mail and password against the address's central accounts in every organisation
 * (signInByPassword); an account waiting for approval or not active is refused with why.
 */
export function signInWithPassword(
  deps: PasswordSignInDeps,
  input: { email: string; password: string; address: string; remembered: RememberedAccount | null },
) {
  const email = input.email.trim().toLowerCase()
  return signInByPassword(
    deps,
    { ...input, email },
    {
      kind: 'central',
      throttleKey: email,
      findAccount: findUser,
      getRefusal: getCentralRefusal,
      invalidCredentials: INVALID_CREDENTIALS,
      openSession: (user) => openCentralSession(deps, user),
    },
  )
}
