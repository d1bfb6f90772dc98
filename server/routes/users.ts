import { type Context, Hono } from 'hono'
import { IdParamSchema, UserCreateSchema, UserUpdateSchema } from '#schema/central'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import type { ServiceContext } from '../context.ts'
import { findMailLinkBases } from '../http/mail-link-bases.ts'
import { respondOnce, respondOnceThenFollow } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import {
  countInvitation,
  type InvitationAnswer,
  issueInvitation,
  prepareInvitation,
} from '../services/accounts/send-invitation.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import {
  approveRegistration,
  requireWaitingRegistration,
} from '../services/users/approve-registration.ts'
import { createUser } from '../services/users/create-user.ts'
import { deleteUser } from '../services/users/delete-user.ts'
import { listMailBounces } from '../services/users/list-mail-bounces.ts'
import { listUsers } from '../services/users/list-users.ts'
import { listWaitingRegistrations } from '../services/users/list-waiting-registrations.ts'
import { requireInvitableUser } from '../services/users/require-invitable-user.ts'
import { toUserDocument } from '../services/users/to-user-document.ts'
import { updateUser } from '../services/users/update-user.ts'

/** Gebruikers: GET/POST /api/users, PATCH/DELETE /api/users/:id, setup links, approvals. */
export function userRoutes(deps: AppDeps) {
  // With SMTP_URL the link went to the address and the answer never holds it.
  const toInvitationBody = (answer: InvitationAnswer) =>
    answer.invited
      ? { invited: true as const, invitedTo: answer.invitedTo, setupUrlExpiresAt: answer.expiresAt }
      : {
          invited: false as const,
          setupUrl: `${deps.env.PUBLIC_URL}${answer.setupPath}`,
          setupUrlExpiresAt: answer.expiresAt,
        }
  // A central user's invitation (its setup link), from the signed-in administrator.
  const prepareUserInvitation = (
    c: Context<AppEnv>,
    ctx: ServiceContext,
    reason: 'invite' | 'approved',
    invitee: { id: string | null; email: string; name: string },
  ) =>
    prepareInvitation(deps, {
      kind: 'central',
      reason,
      organisationId: ctx.actor.organisationId,
      userId: invitee.id,
      email: invitee.email,
      inviterName: ctx.actor.name,
      inviteeName: invitee.name,
      setupBase: findMailLinkBases(c, deps.env).setup.central,
    })
  return (
    new Hono<AppEnv>()
      .get('/registrations', (c) =>
        c.json(listWaitingRegistrations(requireServiceContext(deps, c))),
      )
      .get('/mail-bounces', (c) => {
        c.header('cache-control', 'no-store')
        return c.json(listMailBounces(requireServiceContext(deps, c)))
      })
      .post('/:id/approve', validate('param', IdParamSchema), async (c) => {
        const ctx = requireServiceContext(deps, c)
        const waiting = requireWaitingRegistration(ctx, c.req.valid('param').id)
        // With mail, the approval carries a setup link: choosing the password through it
        // proves the address (decision 033). Without, the registrant's password is enough.
        const prepared = await prepareUserInvitation(c, ctx, 'approved', waiting)
        const account = { organisationId: ctx.actor.organisationId, userId: waiting.id }
        const answer = respondOnce(c, ctx, 200, () => {
          const user = toUserDocument(approveRegistration(ctx, waiting.id))
          if (!prepared.mail) return user
          return { ...user, ...toInvitationBody(issueInvitation(deps, ctx, prepared, account)) }
        })
        await countInvitation(deps, prepared, account)
        return answer
      })
      .get('/', (c) => c.json(listUsers(requireServiceContext(deps, c))))
      .post('/', validate('json', UserCreateSchema), async (c) => {
        const ctx = requireServiceContext(deps, c)
        const input = c.req.valid('json')
        requirePermission(ctx.actor, 'users.write')
        const prepared = await prepareUserInvitation(c, ctx, 'invite', { ...input, id: null })
        let account: { organisationId: string; userId: string } | null = null
        // The link is part of the answer an Idempotency-Key keeps, so it is issued in the
        // write, before the directory lists the user (after the commit): should that fail,
        // the link sets a password for an account no sign-in finds, and opens nothing.
        const answer = await respondOnceThenFollow(
          c,
          ctx,
          201,
          () => {
            const { value: user, follow } = createUser(ctx, input)
            account = { organisationId: user.organisationId, userId: user.id }
            return {
              value: {
                ...toUserDocument(user),
                ...toInvitationBody(issueInvitation(deps, ctx, prepared, account)),
              },
              follow,
            }
          },
          { secretBox: getSecretBox(deps.env) },
        )
        if (account) await countInvitation(deps, prepared, account)
        return answer
      })
      .patch('/:id', validate('param', IdParamSchema), validate('json', UserUpdateSchema), (c) => {
        const ctx = requireServiceContext(deps, c)
        return respondOnceThenFollow(c, ctx, 200, () => {
          const { value: user, follow } = updateUser(
            ctx,
            c.req.valid('param').id,
            c.req.valid('json'),
          )
          return { value: toUserDocument(user), follow }
        })
      })
      .delete('/:id', validate('param', IdParamSchema), (c) => {
        const ctx = requireServiceContext(deps, c)
        return respondOnceThenFollow(c, ctx, 200, () => {
          const { value: user, follow } = deleteUser(ctx, c.req.valid('param').id)
          return { value: toUserDocument(user), follow }
        })
      })
      // "Opnieuw versturen" (with mail) or "Setup-link" (without): a new link, earlier ones dead.
      .post('/:id/setup-link', validate('param', IdParamSchema), async (c) => {
        const ctx = requireServiceContext(deps, c)
        const user = requireInvitableUser(ctx, c.req.valid('param').id)
        const prepared = await prepareUserInvitation(c, ctx, 'invite', user)
        const account = { organisationId: ctx.actor.organisationId, userId: user.id }
        const answer = respondOnce(
          c,
          ctx,
          201,
          () => {
            requireInvitableUser(ctx, user.id)
            return toInvitationBody(issueInvitation(deps, ctx, prepared, account))
          },
          { secretBox: getSecretBox(deps.env) },
        )
        await countInvitation(deps, prepared, account)
        return answer
      })
  )
}
