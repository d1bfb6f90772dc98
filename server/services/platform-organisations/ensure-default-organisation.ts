import { eq } from 'drizzle-orm'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { organisations } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { createOrganisation } from './create-organisation.ts'

/** Creates organisation default-org on the first start. */
export function ensureDefaultOrganisation(deps: Pick<AppDeps, 'systemDb' | 'organisations'>) {
  const existing = deps.systemDb
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, DEFAULT_ORGANISATION_ID))
    .get()
  if (existing) return
  createOrganisation(deps, {
    id: DEFAULT_ORGANISATION_ID,
    name: 'Standaard organisatie',
    slug: DEFAULT_ORGANISATION_ID,
  })
}
