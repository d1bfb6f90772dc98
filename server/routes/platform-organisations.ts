import { Hono } from 'hono'
import { v7 as uuidv7 } from 'uuid'
import {
  OrganisationCreateSchema,
  OrganisationIdParamSchema,
  OrganisationInviteSchema,
} from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { validate } from '../http/validate.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { createOrganisation } from '../services/platform-organisations/create-organisation.ts'
import { inviteOrganisationAdmin } from '../services/platform-organisations/invite-organisation-admin.ts'
import { listOrganisations } from '../services/platform-organisations/list-organisations.ts'

/** Organisaties (SUPERADMIN): list, create with its own file, invite the first ADMIN. */
export function platformOrganisationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const ctx = requireServiceContext(deps, c)
      return c.json(await listOrganisations({ ...ctx, directory: deps.directory }))
    })
    .post('/', validate('json', OrganisationCreateSchema), async (c) => {
      const ctx = requireServiceContext(deps, c)
      requirePermission(ctx.actor, 'organisations.manage')
      const organisation = await createOrganisation(deps, { id: uuidv7(), ...c.req.valid('json') })
      return c.json(organisation, 201)
    })
    .post(
      '/:id/invite',
      validate('param', OrganisationIdParamSchema),
      validate('json', OrganisationInviteSchema),
      async (c) => {
        const ctx = requireServiceContext(deps, c)
        const link = await inviteOrganisationAdmin(
          { ...ctx, organisations: deps.organisations, directory: deps.directory },
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
