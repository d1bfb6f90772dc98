import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import type { AppDeps } from '../../app-deps.ts'
import { createOrganisation } from './create-organisation.ts'

/** Creates organisation default-org on the first start. */
export async function ensureDefaultOrganisation(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
) {
  if (await deps.directory.findOrganisation(DEFAULT_ORGANISATION_ID)) return
  await createOrganisation(deps, {
    id: DEFAULT_ORGANISATION_ID,
    name: 'Standaard organisatie',
    slug: DEFAULT_ORGANISATION_ID,
  })
}
