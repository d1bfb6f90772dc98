import type { CurrentUser } from '#schema/auth'
import type { SessionData } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { readRecentRestore } from '../backup/note-restore.ts'

/**
 * What the signed-in screens show of the session's organisation: its name, the other
 * organisations the sign-in proved an account in ("Wissel van organisatie", decision 028;
 * by name, as at sign-in), and its last restore when recent.
 */
export async function describeSignedInOrganisation(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  session: Pick<SessionData, 'organisationId' | 'provenAccounts'>,
): Promise<Required<Pick<CurrentUser, 'organisationName' | 'otherOrganisations' | 'lastRestore'>>> {
  const ids = [
    session.organisationId,
    ...(session.provenAccounts ?? []).map((account) => account.organisationId),
  ]
  const named = await deps.directory.findOrganisationNames(ids)
  const others = named
    .filter((organisation) => organisation.id !== session.organisationId)
    .sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.id.localeCompare(b.id))
  return {
    organisationName:
      named.find((organisation) => organisation.id === session.organisationId)?.name ?? '',
    otherOrganisations: others,
    lastRestore: await readRecentRestore(deps, session.organisationId),
  }
}
