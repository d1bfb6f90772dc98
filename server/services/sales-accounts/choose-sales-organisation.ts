import type { AppDeps } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { requireChosenAccount } from '../sign-in/require-chosen-account.ts'
import { findSalesUser } from './find-sales-account.ts'
import { openSalesSession } from './open-sales-session.ts'

/**
 * Completes a Gold Estates sign-in that matched several organisations: opens the session
 * in the organisation picked, if it was offered and its sign-in may still act.
 */
export function chooseSalesOrganisation(
  deps: Pick<AppDeps, 'systemDb' | 'organisations' | 'organisationChoices'>,
  input: { choiceToken: string; organisationId: string },
) {
  const chosen = requireChosenAccount(deps.organisationChoices, 'sales', input)
  const user = findSalesUser(deps.organisations.get(chosen.organisationId), chosen.userId)
  if (user?.organizationId !== chosen.organisationId) {
    throw new AppError('unauthenticated', 'Ongeldig e-mailadres of wachtwoord')
  }
  return openSalesSession(deps, user)
}
