import type { SessionData } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { digestPasswordHash } from '../../auth/organisation-choices.ts'
import { AppError } from '../../errors/app-error.ts'
import { endSession } from '../../system-directory/session-lifetime.ts'
import { findUser } from './find-user.ts'
import { getCentralRefusal, openCentralSession } from './open-central-session.ts'

const NOT_PROVEN =
  'Met deze inlog kun je niet naar die organisatie wisselen. Log uit en log daar in met je wachtwoord.'
const PROOF_EXPIRED =
  'Je wachtwoord voor die organisatie is sinds het inloggen veranderd. Log opnieuw in.'

type Deps = Pick<AppDeps, 'systemDb' | 'directory' | 'organisations'>

/**
 * The account of `organisationId` that this session's sign-in proved, as it is now: its
 * directory entry still lists it, it lives in that organisation, its password is the one
 * the sign-in matched, and it may sign in. 403 with why otherwise. The file is read after
 * the directory answered.
 */
async function requireProvenAccount(deps: Deps, session: SessionData, organisationId: string) {
  const proven = (session.provenAccounts ?? []).find(
    (account) => account.organisationId === organisationId,
  )
  if (!proven || organisationId === session.organisationId) {
    throw new AppError('forbidden', NOT_PROVEN)
  }
  const listed = await deps.directory.isListed({
    kind: 'central',
    organisationId,
    userId: proven.userId,
  })
  const user = listed ? findUser(deps.organisations.get(organisationId), proven.userId) : undefined
  if (user?.organisationId !== organisationId || user.passwordHash === null) {
    throw new AppError('forbidden', NOT_PROVEN)
  }
  if (digestPasswordHash(user.passwordHash) !== proven.passwordDigest) {
    throw new AppError('forbidden', PROOF_EXPIRED)
  }
  const refusal = getCentralRefusal(user)
  if (refusal) throw new AppError('forbidden', refusal)
  return user
}

/**
 * "Wissel van organisatie" (decision 028): ends the central session `token` and opens one
 * in another organisation whose account the same sign-in's password matched, without the
 * password again. The organisation asked for only picks among what the session proved;
 * the new session keeps that proof and the sign-in's moment (its absolute lifetime).
 */
export async function switchCentralOrganisation(
  deps: Deps,
  input: { token: string; session: SessionData; organisationId: string },
) {
  const user = await requireProvenAccount(deps, input.session, input.organisationId)
  await endSession(deps.directory, input.token, 'central')
  return openCentralSession(deps, user, {
    provenAccounts: input.session.provenAccounts,
    createdAt: input.session.createdAt,
  })
}
