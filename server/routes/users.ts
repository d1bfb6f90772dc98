import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { IdParamSchema, UserCreateSchema, UserUpdateSchema } from '#schema/central'
import { users } from '#schema/db/organisation'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { approveRegistration } from '../services/users/approve-registration.ts'
import { createSetupLink } from '../services/users/create-setup-link.ts'
import { createUser } from '../services/users/create-user.ts'
import { deleteUser } from '../services/users/delete-user.ts'
import { listMailBounces } from '../services/users/list-mail-bounces.ts'
import { listWaitingRegistrations } from '../services/users/list-waiting-registrations.ts'
import { toUserDocument } from '../services/users/to-user-document.ts'
import { updateUser } from '../services/users/update-user.ts'

/** Gebruikers: GET/POST /api/users, PATCH/DELETE /api/users/:id, setup links, approvals. */
export function userRoutes(deps: AppDeps) {
  const withSetupUrl = (link: { setupPath: string; expiresAt: number }) => ({
    setupUrl: `${deps.env.PUBLIC_URL}${link.setupPath}`,
    setupUrlExpiresAt: link.expiresAt,
  })
  return new Hono<AppEnv>()
    .get('/registrations', (c) => c.json(listWaitingRegistrations(requireServiceContext(deps, c))))
    .get('/mail-bounces', (c) => {
      c.header('cache-control', 'no-store')
      return c.json(listMailBounces(requireServiceContext(deps, c)))
    })
    .post('/:id/approve', validate('param', IdParamSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        toUserDocument(approveRegistration(ctx, c.req.valid('param').id)),
      )
    })
    .get('/', (c) => {
      const ctx = requireServiceContext(deps, c)
      requirePermission(ctx.actor, 'users.read')
      const rows = ctx.db
        .select()
        .from(users)
        .where(eq(users.deleted, false))
        .orderBy(asc(users.name))
        .all()
      return c.json(rows.map(toUserDocument))
    })
    .post('/', validate('json', UserCreateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(
        c,
        ctx,
        201,
        () => {
          const user = createUser(ctx, c.req.valid('json'))
          return { ...toUserDocument(user), ...withSetupUrl(createSetupLink(ctx, user.id)) }
        },
        { secretBox: getSecretBox(deps.env) },
      )
    })
    .patch('/:id', validate('param', IdParamSchema), validate('json', UserUpdateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        toUserDocument(updateUser(ctx, c.req.valid('param').id, c.req.valid('json'))),
      )
    })
    .delete('/:id', validate('param', IdParamSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        toUserDocument(deleteUser(ctx, c.req.valid('param').id)),
      )
    })
    .post('/:id/setup-link', validate('param', IdParamSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(
        c,
        ctx,
        201,
        () => withSetupUrl(createSetupLink(ctx, c.req.valid('param').id)),
        { secretBox: getSecretBox(deps.env) },
      )
    })
}
