import type { AppDeps } from '../../app-deps.ts'
import { requireChosenAccount } from '../sign-in/require-chosen-account.ts'
import { findUser } from './find-user.ts'
import { openCentralSession } from './open-central-session.ts'

/**
 * Completes a sign-in that matched several organisations: opens the central session in
 * the organisation picked, if it was offered and its account may still sign in. The
 * session remembers every account the password matched, for "Wissel van organisatie"
 * (decision 028).
 */
export async function chooseCentralOrganisation(
  deps: Pick<AppDeps, 'directory' | 'organisations' | 'organisationChoices'>,
  input: { choiceToken: string; organisationId: string },
) {
  const { user, matched } = await requireChosenAccount(
    deps.organisationChoices,
    'central',
    input,
    (chosen) => findUser(deps.organisations.get(chosen.organisationId), chosen.userId),
  )
  return openCentralSession(deps, user, { provenAccounts: matched })
}
