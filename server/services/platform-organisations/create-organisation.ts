import { eq } from 'drizzle-orm'
import { organisations } from '#schema/db/system'
import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'

/** Registers an organisation and creates its own SQLite file. */
export function createOrganisation(
  deps: Pick<AppDeps, 'systemDb' | 'organisations'>,
  input: { id: string; name: string; slug: string },
) {
  const taken = deps.systemDb
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, input.slug))
    .get()
  if (taken) throw new AppError('conflict', `De slug ${input.slug} is al in gebruik`)
  const organisation = deps.systemDb
    .insert(organisations)
    .values({ ...input, createdAt: Date.now() })
    .returning()
    .get()
  deps.organisations.get(organisation.id)
  return organisation
}
