import type { AccountKind } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { digestPasswordHash } from '../../auth/organisation-choices.ts'
import type { RememberedAccount } from '../../auth/remembered-account.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { AppError } from '../../errors/app-error.ts'
import { findAddressProofs, isAddressProven } from './address-proofs.ts'
import { findDirectoryEntries } from './find-directory-entries.ts'
import { matchPassword, pickCandidates } from './match-password.ts'
import { offerOrganisationChoice } from './offer-organisation-choice.ts'

type Account = {
  organisationId: string
  id: string
  passwordHash: string | null
  createdAt: number
}

/** How one kind of account signs in with a password. */
export type PasswordSignInRules<T extends Account, S> = {
  kind: AccountKind
  /** The key failures are throttled by, beside the client address, for the address as typed. */
  throttleKey: (email: string) => string
  /** The account of this kind with this id in one organisation's file. */
  findAccount: (db: OrganisationDb, id: string) => T | undefined
  /** Why an account whose password is right may not sign in; null when it may. */
  getRefusal: (account: T) => string | null
  /** The answer to a wrong e-mail or password: one message, so it tells neither. */
  invalidCredentials: string
  openSession: (account: T) => Promise<S>
}

/** A sign-in form's e-mail and password, and where it came from. */
export type PasswordSignInInput = {
  email: string
  password: string
  address: string
  remembered: RememberedAccount | null
}

export type PasswordSignInDeps = Pick<
  AppDeps,
  'env' | 'systemDb' | 'directory' | 'organisations' | 'throttles' | 'organisationChoices'
>

/**
 * The address's accounts of this kind, one per organisation, as their files hold them now;
 * those of the `preferred` organisations (remembered, proven) always among them.
 */
async function loadAddressAccounts<T extends Account>(
  deps: PasswordSignInDeps,
  rules: Pick<PasswordSignInRules<T, unknown>, 'kind' | 'findAccount'>,
  email: string,
  preferred: readonly string[],
): Promise<T[]> {
  const entries = await findDirectoryEntries(deps.directory, rules.kind, email, preferred)
  // The files are read after the await, synchronously: the accounts as they are now.
  return entries.flatMap((entry) => {
    const account = rules.findAccount(deps.organisations.get(entry.organisationId), entry.userId)
    // A file row never moves an account into another organisation (decision 007).
    return account?.organisationId === entry.organisationId ? [account] : []
  })
}

/**
 * Checks a password against the address's accounts in every organisation. One account
 * that may sign in: its session. Several: a choice ("Kies je organisatie") listing only
 * the organisations whose account the password matched. Failed attempts are throttled per
 * client address and per address and key; a right password for an account that may not
 * sign in is refused with 403 and the reason (the person knows the password, so saying
 * why helps and leaks nothing).
 */
export async function signInByPassword<T extends Account, S>(
  deps: PasswordSignInDeps,
  input: PasswordSignInInput,
  rules: PasswordSignInRules<T, S>,
) {
  const email = input.email.trim().toLowerCase()
  const throttleKey = rules.throttleKey(email)
  const loadAccounts = (preferred: readonly string[]) =>
    loadAddressAccounts(deps, rules, email, preferred)
  await deps.throttles.signIn.check(input.address, throttleKey)
  const maySignIn = (account: T) => rules.getRefusal(account) === null
  // Which accounts take part (decision 033): the remembered one, then the proven ones.
  const proofs = findAddressProofs(deps.systemDb, rules.kind, email)
  const { remembered } = input
  const preferred = [
    ...(remembered ? [remembered.organisationId] : []),
    ...[...proofs.values()].map((proof) => proof.organisationId),
  ]
  const candidates = pickCandidates(await loadAccounts(preferred), (account) => ({
    isRemembered:
      remembered?.organisationId === account.organisationId && remembered.userId === account.id,
    isProven: isAddressProven(proofs, account),
    maySignIn: maySignIn(account),
    createdAt: account.createdAt,
  }))
  const matched = await matchPassword(
    candidates,
    (account) => account.passwordHash,
    input.password,
    deps.env,
  )
  // Looked up again after the await: an account may have changed meanwhile, its password
  // too (a reset), and then the password checked no longer opens it.
  const keyOf = (account: Account) =>
    `${account.organisationId}\n${account.id}\n${account.passwordHash}`
  const ids = new Set(matched.map(keyOf))
  const current = (await loadAccounts(preferred)).filter((account) => ids.has(keyOf(account)))
  if (current.length === 0) {
    await deps.throttles.signIn.recordFailure(input.address, throttleKey)
    throw new AppError('unauthenticated', rules.invalidCredentials)
  }
  const allowed = current.filter(maySignIn)
  if (allowed.length === 0) {
    throw new AppError('forbidden', rules.getRefusal(current[0] as T) ?? '')
  }
  await deps.throttles.signIn.recordSuccess(input.address, throttleKey)
  if (allowed.length === 1) return { signedIn: await rules.openSession(allowed[0] as T) }
  const accounts = allowed.map((account) => ({
    organisationId: account.organisationId,
    userId: account.id,
    passwordDigest: digestPasswordHash(account.passwordHash ?? ''),
  }))
  return { choice: await offerOrganisationChoice(deps, rules.kind, accounts) }
}
