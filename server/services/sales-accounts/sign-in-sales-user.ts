import {
  type PasswordSignInDeps,
  type PasswordSignInInput,
  signInByPassword,
} from '../sign-in/sign-in-by-password.ts'
import { findSalesUser } from './find-sales-account.ts'
import { getSalesRefusal, openSalesSession } from './open-sales-session.ts'

/**
 * Gold Estates sign-in: the same throttling and rules as the central sign-in
 * (signInByPassword), its own throttle key and session.
 */
export function signInSalesUser(deps: PasswordSignInDeps, input: PasswordSignInInput) {
  return signInByPassword(deps, input, {
    kind: 'sales',
    throttleKey: (email) => `sales:${email}`,
    findAccount: findSalesUser,
    getRefusal: (user) => getSalesRefusal(deps, user),
    invalidCredentials: 'Ongeldig e-mailadres of wachtwoord',
    openSession: (user) => openSalesSession(deps, user),
  })
}
