import type { AccountKind } from '#schema/db/system'
import type { ChoosableAccount, OrganisationChoices } from '../../auth/organisation-choices.ts'
import { AppError } from '../../http/app-error.ts'

/** The account a "Kies je organisatie" answer picked; 401 or 400 with the reason otherwise. */
export function requireChosenAccount(
  choices: OrganisationChoices,
  kind: AccountKind,
  input: { choiceToken: string; organisationId: string },
): ChoosableAccount {
  const chosen = choices.take(kind, input.choiceToken, input.organisationId)
  if (chosen === 'expired') {
    throw new AppError('unauthenticated', 'Je keuze is verlopen. Log opnieuw in.')
  }
  if (chosen === 'not_offered') {
    throw new AppError('invalid_input', 'organisationId: kies een van de getoonde organisaties')
  }
  return chosen
}
