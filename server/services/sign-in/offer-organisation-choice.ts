import type { AccountKind } from '#schema/db/system'
import type { ChoosableAccount, OrganisationChoices } from '../../auth/organisation-choices.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'

/** What a sign-in answers when the password matched accounts in several organisations. */
export type OrganisationChoice = {
  choiceToken: string
  /** Only the organisations whose account the password matched, by name. */
  organisations: { id: string; name: string }[]
}

/** Remembers the matched accounts and lists their organisations for "Kies je organisatie". */
export async function offerOrganisationChoice(
  deps: { directory: SystemDirectory; organisationChoices: OrganisationChoices },
  kind: AccountKind,
  accounts: ChoosableAccount[],
): Promise<OrganisationChoice> {
  const ids = accounts.map((account) => account.organisationId)
  const matched = (await deps.directory.findOrganisationNames(ids)).sort(
    (a, b) => a.name.localeCompare(b.name, 'nl') || a.id.localeCompare(b.id),
  )
  return {
    choiceToken: await deps.organisationChoices.add(kind, accounts),
    organisations: matched,
  }
}
