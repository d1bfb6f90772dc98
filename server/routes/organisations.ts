import { Hono } from 'hono'
import { v7 as uuidv7 } from 'uuid'
import {
  OrganisationCreateSchema,
  OrganisationIdParamSchema,
  OrganisationInviteSchema,
} from '#schema/central'
import { requireServiceContext } from '../auth/require-service-context.ts'
import type { AppDeps, AppEnv } from '../context.ts'
import { validate } from '../http/validate.ts'
import { createOrganisation } from '../services/organisations/create-organisation.ts'
import { inviteOrganisationAdmin } from '../services/organisations/invite-organisation-admin.ts'
import { listOrganisations } from '../services/organisations/list-organisations.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'

/** Organisaties (SUPERADMIN): list, create with its own file, invite the first ADMIN. */
export function organisationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/organizations', (c) => c.json(listOrganisations(requireServiceContext(deps, c))))
    .post('/organizations', validate('json', OrganisationCreateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      requirePermission(ctx.actor, 'organisations.manage')
      const organisation = createOrganisation(deps, { id: uuidv7(), ...c.req.valid('json') })
      return c.json(organisation, 201)
    })
    .post(
      '/organizations/:id/invite',
      validate('param', OrganisationIdParamSchema),
      validate('json', OrganisationInviteSchema),
      (c) => {
        const ctx = requireServiceContext(deps, c)
        const link = inviteOrganisationAdmin(
          { ...ctx, organisations: deps.organisations },
          c.req.valid('param').id,
          c.req.valid('json'),
        )
        return c.json(
          { setupUrl: `${deps.env.PUBLIC_URL}${link.setupPath}`, expiresAt: link.expiresAt },
          201,
        )
      },
    )
}
