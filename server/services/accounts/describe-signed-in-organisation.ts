import { inArray } from 'drizzle-orm'
import type { CurrentUser } from '#schema/auth'
import { organisations, type SessionData } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { readRecentRestore } from '../backup/note-restore.ts'

/**
 * What the signed-in screens show of the session's organisation: its name, the other
 * organisations the sign-in proved an account in ("Wissel van organisatie", decision 028;
 * by name, as at sign-in), and its last restore when recent.
 */
export function describeSignedInOrganisation(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  session: Pick<SessionData, 'organisationId' | 'provenAccounts'>,
): Required<Pick<CurrentUser, 'organisationName' | 'otherOrganisations' | 'lastRestore'>> {
  const ids = [
    session.organisationId,
    ...(session.provenAccounts ?? []).map((account) => account.organisationId),
  ]
  const named = deps.systemDb
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, [...new Set(ids)]))
    .all()
  const others = named
    .filter((organisation) => organisation.id !== session.organisationId)
    .sort((a, b) => a.name.localeCompare(b.name, 'nl') || a.id.localeCompare(b.id))
  return {
    organisationName:
      named.find((organisation) => organisation.id === session.organisationId)?.name ?? '',
    otherOrganisations: others,
    lastRestore: readRecentRestore(
      deps.systemDb,
      deps.organisations.get(session.organisationId),
      session.organisationId,
    ),
  }
}
