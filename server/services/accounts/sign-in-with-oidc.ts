import { LOGIN_ERRORS } from '#schema/login-errors'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'
import { openSession } from '../../system-directory/session-lifetime.ts'
import { findDirectoryEntries } from '../sign-in/find-directory-entries.ts'
import { noteUserActive } from '../users/note-user-active.ts'
import { findUser } from './find-user.ts'

/** Who the identity provider says signed in, from the ID token or UserInfo. */
export type OidcIdentity = { subject: string; email: string | undefined; isEmailVerified: boolean }

const NO_ACCOUNT = LOGIN_ERRORS.no_account
const NOT_ACTIVE = LOGIN_ERRORS.not_active
const OTHER_IDENTITY = LOGIN_ERRORS.other_identity
const SEVERAL = LOGIN_ERRORS.several_organisations

// The account a verified address names, when it names exactly one organisation's account
// an administrator made. Self-registered accounts are never linked by e-mail, so they do
// not count: a stranger who registers someone's address cannot stand in their way.
async function findAccountByEmail(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  email: string,
) {
  const entries = await findDirectoryEntries(deps.directory, 'central', email)
  const accounts = entries.filter((account) => {
    const user = findUser(deps.organisations.get(account.organisationId), account.userId)
    return user !== undefined && !user.selfRegistered
  })
  if (accounts.length > 1) throw new AppError('forbidden', SEVERAL)
  return accounts[0]
}

/**
 * Opens a central session for an SSO sign-in. The account is the one linked to the
 * subject; failing that, the one with the e-mail the provider has verified, which is then
 * linked so later sign-ins go by subject alone. A subject linked to an account that is
 * not active never falls back to the e-mail. An address with accounts in several
 * organisations is never linked by e-mail (the provider cannot say which one is meant):
 * the person signs in with their password, which offers the choice. Refusals are AppErrors with a message for
 * the sign-in screen. From the read of the user in its organisation's file to the link
 * written there nothing awaits, so of two sign-ins linking one account at once the second
 * sees the first's subject (OTHER_IDENTITY); the directory's entry follows the file, and
 * the session is opened after it.
 */
export async function signInWithOidc(
  deps: Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>,
  identity: OidcIdentity,
) {
  const linked = await deps.directory.findEntryBySubject(identity.subject)
  const byEmail =
    !linked && identity.isEmailVerified && identity.email
      ? await findAccountByEmail(deps, identity.email)
      : undefined
  const account = linked ?? byEmail
  if (account?.kind !== 'central') throw new AppError('forbidden', NO_ACCOUNT)
  const db = deps.organisations.get(account.organisationId)
  const user = findUser(db, account.userId)
  if (user?.organisationId !== account.organisationId) throw new AppError('forbidden', NO_ACCOUNT)
  const isNewLink = !linked
  // Anyone can register an address they do not own; only accounts an administrator made
  // are linked by e-mail.
  if (isNewLink && user.selfRegistered) throw new AppError('forbidden', NO_ACCOUNT)
  if (user.status !== 'active') throw new AppError('forbidden', NOT_ACTIVE)
  if (isNewLink && (account.oidcSubject !== null || user.oidcSubject !== null)) {
    throw new AppError('forbidden', OTHER_IDENTITY)
  }
  // The organisation file first: the login directory is rebuilt from it after a restore.
  noteUserActive(db, user.id, isNewLink ? { oidcSubject: identity.subject } : {})
  if (isNewLink) await deps.directory.linkSubject(account, identity.subject)
  const session = await openSession(deps.directory, {
    kind: 'central',
    userId: user.id,
    organisationId: account.organisationId,
  })
  return { user, session, isNewLink }
}
