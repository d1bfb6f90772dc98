import type { SessionData } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'
import { openSession } from '../../system-directory/session-lifetime.ts'
import { noteUserActive } from '../users/note-user-active.ts'
import type { StoredUser } from './create-central-user.ts'

/** Why a central account whose password is right may not sign in; null when it may. */
export function getCentralRefusal(user: StoredUser): string | null {
  if (user.awaitingApproval) return 'Je account wacht op goedkeuring door een beheerder.'
  if (user.status !== 'active') {
    return 'Dit account is niet actief. Neem contact op met je beheerder.'
  }
  return null
}

/**
 * Notes the sign-in on the user and opens a central session in their organisation; `proof`
 * is what the sign-in proved beyond this account (decision 028), kept with the session.
 */
export async function openCentralSession(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  user: StoredUser,
  proof:
    | Pick<SessionData, 'provenAccounts' | 'createdAt'>
    | Pick<SessionData, 'provenAccounts'> = {},
) {
  const refusal = getCentralRefusal(user)
  if (refusal) throw new AppError('forbidden', refusal)
  noteUserActive(deps.organisations.get(user.organisationId), user.id)
  const session = await openSession(deps.directory, {
    kind: 'central',
    userId: user.id,
    organisationId: user.organisationId,
    ...proof,
  })
  return { user, session, proof }
}
