import {
  type PasswordSignInDeps,
  type PasswordSignInInput,
  signInByPassword,
} from '../sign-in/sign-in-by-password.ts'
import { findUser } from './find-user.ts'
import { getCentralRefusal, openCentralSession } from './open-central-session.ts'

// One message for a wrong e-mail and a wrong password: it must not tell which.
const INVALID_CREDENTIALS = 'Ongeldige inloggegevens'

/**
 * Checks e-mail and password against the address's central accounts in every organisation
 * (signInByPassword); an account waiting for approval or not active is refused with why.
 */
export function signInWithPassword(deps: PasswordSignInDeps, input: PasswordSignInInput) {
  return signInByPassword(deps, input, {
    kind: 'central',
    throttleKey: (email) => email,
    findAccount: findUser,
    getRefusal: getCentralRefusal,
    invalidCredentials: INVALID_CREDENTIALS,
    openSession: (user) => openCentralSession(deps, user),
  })
}
