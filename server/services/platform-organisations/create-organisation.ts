import type { AppDeps } from '../../app-deps.ts'
import { AppError } from '../../errors/app-error.ts'

/** Registers an organisation and creates its own SQLite file. */
export async function createOrganisation(
  deps: Pick<AppDeps, 'directory' | 'organisations'>,
  input: { id: string; name: string; slug: string },
) {
  // Null when the slug is taken (ids are new, or the default's, looked up before).
  const organisation = await deps.directory.createOrganisation({ ...input, createdAt: Date.now() })
  if (!organisation) throw new AppError('conflict', `De slug ${input.slug} is al in gebruik`)
  deps.organisations.know([organisation])
  // Its file is made where it lives: here, or with several machines perhaps on its home
  // machine, at its first request there.
  if (deps.organisations.holds(organisation.id)) deps.organisations.get(organisation.id)
  return organisation
}
