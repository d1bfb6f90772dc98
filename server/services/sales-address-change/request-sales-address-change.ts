import type { EmailChangeView } from '#schema/mail'
import type { AppDeps } from '../../app-deps.ts'
import { verifyPassword } from '../../auth/password.ts'
import type { SalesContext } from '../../auth/require-sales-context.ts'
import { AppError } from '../../errors/app-error.ts'
import { findWaitingChange } from '../address-change/change-tokens.ts'
import { queueAddressChange } from '../address-change/queue-address-change.ts'
import { ADDRESS_CHANGE_REFUSALS } from '../address-change/request-address-change.ts'
import { findOrganisationName } from '../sales/statements/find-organisation-name.ts'
import { isSalesAddressTaken } from './sales-address-taken.ts'

/** A sign-in LAUNCH APP opened is its Centraal user's: that address changes in Centraal. */
export const LAUNCH_ACCOUNT_REFUSAL =
  'Je logt in via Centraal: wijzig je e-mailadres in Centraal onder Instellingen.'

const accountOf = (ctx: SalesContext) => ({
  kind: 'sales' as const,
  organisationId: ctx.actor.organisationId,
  userId: ctx.salesUser.id,
})

/** The signed-in Gold Estates sign-in's address and the change waiting for its link. */
export function readSalesAddressChange(ctx: SalesContext): EmailChangeView & {
  changeable: boolean
} {
  return {
    email: ctx.salesUser.email,
    pending: findWaitingChange(ctx.systemDb, accountOf(ctx)),
    changeable: ctx.salesUser.centraalUserId === null,
  }
}

/**
 * Asks to change the signed-in Gold Estates sign-in's own address (decision 037), as
 * Centraal's requestAddressChange does: with the current password, to an address no other
 * sign-in or seller of the organisation uses; a token and two mails — the link (opening on
 * `salesBase`, SALES_HOST or PUBLIC_URL/gold-estates) to the new address, a notice to the
 * old — in one transaction of the system file. Nothing changes until the link is used.
 */
export async function requestSalesAddressChange(
  ctx: SalesContext,
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'log'>,
  input: { email: string; currentPassword?: string; salesBase: string },
) {
  const user = ctx.salesUser
  if (user.centraalUserId !== null || !user.passwordHash) {
    throw new AppError('forbidden', LAUNCH_ACCOUNT_REFUSAL)
  }
  const isRight = await verifyPassword(user.passwordHash, input.currentPassword ?? '', deps.env)
  if (!isRight) throw new AppError('forbidden', ADDRESS_CHANGE_REFUSALS.password)
  if (input.email === user.email) throw new AppError('invalid_input', ADDRESS_CHANGE_REFUSALS.same)
  const own = { salesUserId: user.id, sellerId: ctx.actor.sellerId ?? null }
  if (isSalesAddressTaken(ctx.db, input.email, own)) {
    throw new AppError('conflict', ADDRESS_CHANGE_REFUSALS.taken)
  }

  return queueAddressChange(
    deps,
    accountOf(ctx),
    {
      product: 'Gold Estates',
      organisationName: findOrganisationName(ctx),
      newEmail: input.email,
      oldEmail: user.email,
    },
    input.salesBase,
  )
}
