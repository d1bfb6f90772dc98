import { Hono } from 'hono'
import { OrganisationUpdateSchema } from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { getOrganisation } from '../services/own-organisation/get-organisation.ts'
import { updateOrganisation } from '../services/own-organisation/update-organisation.ts'

/** The signed-in person's own organisation, mounted at /organisation (and its old alias). */
export function ownOrganisationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(getOrganisation(requireServiceContext(deps, c))))
    .patch('/', validate('json', OrganisationUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () => updateOrganisation(ctx, c.req.valid('json')))
    })
}
