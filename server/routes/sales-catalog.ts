import { Hono } from 'hono'
import {
  ProjectCreateSchema,
  ProjectUpdateSchema,
  SalesIdParamSchema,
  SellerCreateSchema,
  SellerLoginSchema,
  SellerUpdateSchema,
} from '#schema/sales'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { findMailLinkBases } from '../http/mail-link-bases.ts'
import { respondOnce, respondOnceThenFollow } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import {
  countInvitation,
  issueInvitation,
  prepareInvitation,
} from '../services/accounts/send-invitation.ts'
import { createSellerLogin, requireSellerForLogin } from '../services/sales/create-seller-login.ts'
import { listSellerMailBounces } from '../services/sales/list-seller-mail-bounces.ts'
import { loadSalesData } from '../services/sales/load-sales-data.ts'
import { createProject, updateProject } from '../services/sales/save-project.ts'
import { createSeller, updateSeller } from '../services/sales/save-seller.ts'
import { toProjectDocument, toSellerDocument } from '../services/sales/to-sales-documents.ts'
import { requireSalesAddressFree } from '../services/sales-accounts/create-sales-user.ts'

// The sales catalog (sales.catalog.write; docs/behaviour.md, Projects and sellers): the
// projects a sale is of and the sellers who share its commission.

/** Gold Estates projects, at /gold-estates/projects. */
export function salesProjectRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(loadSalesData(requireSalesContext(deps, c)).projects))
    .post('/', validate('json', ProjectCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toProjectDocument(createProject(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      '/:id',
      validate('param', SalesIdParamSchema),
      validate('json', ProjectUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toProjectDocument(updateProject(ctx, c.req.valid('param').id, c.req.valid('json'))),
        )
      },
    )
}

/** The sales team, at /gold-estates/sellers, with a seller's sign-in ("Inloggen toestaan"). */
export function salesSellerRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.json(loadSalesData(requireSalesContext(deps, c)).sellers))
    .get('/mail-bounces', (c) => {
      c.header('cache-control', 'no-store')
      return c.json(listSellerMailBounces(requireSalesContext(deps, c)))
    })
    .post('/', validate('json', SellerCreateSchema), (c) => {
      const ctx = requireSalesContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toSellerDocument(createSeller(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      '/:id',
      validate('param', SalesIdParamSchema),
      validate('json', SellerUpdateSchema),
      (c) => {
        const ctx = requireSalesContext(deps, c)
        return respondOnceThenFollow(c, ctx, 200, () => {
          const { value, follow } = updateSeller(ctx, c.req.valid('param').id, c.req.valid('json'))
          return { value: toSellerDocument(value), follow }
        })
      },
    )
    .post(
      '/:id/login',
      validate('param', SalesIdParamSchema),
      validate('json', SellerLoginSchema),
      async (c) => {
        const signedIn = requireSalesContext(deps, c)
        const seller = requireSellerForLogin(signedIn, c.req.valid('param').id)
        const bases = findMailLinkBases(c, deps.env)
        // A seller's link opens the setup page on the host it was asked on (SALES_HOST or
        // PUBLIC_URL), as a reset link does.
        const { organisationId } = signedIn.actor
        const prepared = await prepareInvitation(deps, {
          kind: 'sales',
          reason: 'invite',
          organisationId,
          userId: seller.userId,
          email: seller.email,
          inviterName: signedIn.actor.name,
          inviteeName: seller.name,
          setupBase: bases.setup.sales,
        })
        // A new sign-in's address is checked in the login directory before the write
        // (which cannot await); a replay finds the seller's sign-in and skips it.
        if (!seller.userId) await requireSalesAddressFree(deps, seller.email, organisationId)
        // The file taken again after the awaits: the cache may have closed it meanwhile.
        const ctx = { ...signedIn, db: deps.organisations.get(organisationId) }
        let account: { organisationId: string; userId: string } | null = null
        const answer = await respondOnceThenFollow(
          c,
          ctx,
          201,
          () =>
            createSellerLogin(ctx, seller.id, c.req.valid('json').role, (userId) => {
              account = { organisationId: ctx.actor.organisationId, userId }
              const issued = issueInvitation(deps, ctx, prepared, account)
              return issued.invited
                ? {
                    invited: true as const,
                    invitedTo: issued.invitedTo,
                    expiresAt: issued.expiresAt,
                  }
                : {
                    invited: false as const,
                    setupUrl: `${bases.setup.sales}${issued.setupPath}`,
                    expiresAt: issued.expiresAt,
                  }
            }),
          { secretBox: getSecretBox(deps.env) },
        )
        if (account) await countInvitation(deps, prepared, account)
        return answer
      },
    )
}
