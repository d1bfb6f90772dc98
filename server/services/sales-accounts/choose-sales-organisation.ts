import type { AppDeps } from '../../app-deps.ts'
import { requireChosenAccount } from '../sign-in/require-chosen-account.ts'
import { findSalesUser } from './find-sales-account.ts'
import { openSalesSession } from './open-sales-session.ts'

/**
 * Completes a Gold Estates sign-in that matched several organisations: opens the session
 * in the organisation picked, if it was offered and its sign-in may still act.
 */
export async function chooseSalesOrganisation(
  deps: Pick<AppDeps, 'directory' | 'organisations' | 'organisationChoices'>,
  input: { choiceToken: string; organisationId: string },
) {
  const { user } = await requireChosenAccount(deps.organisationChoices, 'sales', input, (chosen) =>
    findSalesUser(deps.organisations.get(chosen.organisationId), chosen.userId),
  )
  return openSalesSession(deps, user)
}
