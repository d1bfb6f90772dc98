import type { UserRole } from '#schema/roles'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInInvitedUser } from './accounts.ts'
import type { TestServer } from './test-server.ts'

/** A new organisation: its id (also its name), or its id and name; its slug is its id. */
type NewOrganisation = string | { id: string; name: string }

/**
 * A new organisation and one person of `role` in it at `email`, invited and signed in as
 * signInInvitedUser does.
 */
export async function signInAtNewOrganisation(
  server: TestServer,
  organisation: NewOrganisation,
  role: UserRole,
  email: string,
) {
  const { id, name } =
    typeof organisation === 'string' ? { id: organisation, name: organisation } : organisation
  await createOrganisation(server.deps, { id, name, slug: id })
  return signInInvitedUser(server, { email, role, org: id })
}

/** A new organisation and its SUPERADMIN at `email`, signed in (Gold Estates not launched). */
export const signInNewOrganisationOwner = (
  server: TestServer,
  organisation: NewOrganisation,
  email: string,
) => signInAtNewOrganisation(server, organisation, 'SUPERADMIN', email)
