import type { SystemDirectory } from '../../system-directory/system-directory.ts'

/** The organisation's name as the platform knows it, for the headers; '' when unknown. */
export async function readOrganisationName(
  directory: SystemDirectory,
  organisationId: string,
): Promise<string> {
  return (await directory.findOrganisation(organisationId))?.name ?? ''
}
