import type { AccountKind } from '#schema/db/system'
import {
  type ChoosableAccount,
  digestPasswordHash,
  type OrganisationChoices,
} from '../../auth/organisation-choices.ts'
import { AppError } from '../../errors/app-error.ts'

const EXPIRED = 'Je keuze is verlopen. Log opnieuw in.'

/**
 * The account a "Kies je organisatie" answer picked, loaded with `load`, and every account
 * the sign-in's password matched (`matched`: what a switch of organisation may open later,
 * decision 028); 401 or 400 with the reason otherwise. The choice stands for the password checked at sign-in, so an
 * account whose password changed since (a reset: whoever held the old one is out), or
 * that was deleted or moved meanwhile, is not opened.
 */
export async function requireChosenAccount<
  T extends { organisationId: string; passwordHash: string | null },
>(
  choices: OrganisationChoices,
  kind: AccountKind,
  input: { choiceToken: string; organisationId: string },
  load: (chosen: ChoosableAccount) => T | undefined,
): Promise<{ user: T; matched: ChoosableAccount[] }> {
  const taken = await choices.take(kind, input.choiceToken, input.organisationId)
  if (taken === 'expired') throw new AppError('unauthenticated', EXPIRED)
  if (taken === 'not_offered') {
    throw new AppError('invalid_input', 'organisationId: kies een van de getoonde organisaties')
  }
  const { chosen, matched } = taken
  const user = load(chosen)
  if (
    user?.organisationId !== chosen.organisationId ||
    user.passwordHash === null ||
    digestPasswordHash(user.passwordHash) !== chosen.passwordDigest
  ) {
    throw new AppError('unauthenticated', EXPIRED)
  }
  return { user, matched }
}
