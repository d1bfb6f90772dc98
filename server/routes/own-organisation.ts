import { Hono } from 'hono'
import { OrganisationUpdateSchema } from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { getOrganisation } from '../services/own-organisation/get-organisation.ts'
import {
  renameInOrganisationList,
  updateOrganisation,
} from '../services/own-organisation/update-organisation.ts'

/** The signed-in person's own organisation, mounted at /organisation (and its old alias). */
export function ownOrganisationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const ctx = requireServiceContext(deps, c)
      const { directory, organisations } = deps
      return c.json(await getOrganisation({ ...ctx, directory, organisations }))
    })
    .patch('/', validate('json', OrganisationUpdateSchema), async (c) => {
      const signedIn = requireServiceContext(deps, c)
      const id = signedIn.actor.organisationId
      const changes = c.req.valid('json')
      const organisation = await deps.directory.findOrganisation(id)
      // The file taken again after the await: the cache may have closed it meanwhile.
      const ctx = { ...signedIn, db: deps.organisations.get(id) }
      // A replay (the same Idempotency-Key) answers the first save and renames nothing.
      let isSaved = false
      const answer = respondOnce(c, ctx, 200, () => {
        isSaved = true
        return updateOrganisation(ctx, changes, organisation)
      })
      if (isSaved) await renameInOrganisationList(deps.directory, id, changes)
      return answer
    })
}
