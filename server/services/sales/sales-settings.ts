import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { salesSettings, webhookOutbox } from '#schema/db/organisation'
import { DEFAULT_PAYMENT_TERM_DAYS } from '#schema/payment-term'
import { DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE } from '#schema/plausible-commission'
import type { SalesSettingsUpdateSchema } from '#schema/sales'
import type { SecretBox } from '../../auth/secret-box.ts'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { openCrmKey, sealCrmKey } from './crm-key.ts'

const MASK = '••••••••'
const KEY_AGAIN = 'Vul de API key opnieuw in wanneer je de webhook-URL wijzigt'

/** The API key as the screen may show it: never in full. */
export function maskApiKey(key: string | null) {
  return key ? `${MASK}${key.slice(-4)}` : null
}

/**
 * Gold Estates settings for the settings screen; the CRM API key masked. Whoever may not
 * change them (sales.settings.write) sees what the screens need for everyone, and of the
 * CRM integration only whether it is on and how the last delivery went, without the
 * webhook URL, ids, key, recipients or the answer a delivery got.
 */
export function getSalesSettings(ctx: ServiceContext, box: SecretBox, defaultSubdomain: string) {
  const row = ctx.db.select().from(salesSettings).get()
  const general = {
    xmsEnabled: row?.xmsEnabled ?? false,
    subdomain: row?.subdomain ?? defaultSubdomain,
    paymentTermDays: row?.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS,
    currency: (row?.currency ?? 'EUR') as 'EUR' | 'USD' | 'GBP',
    notificationsEnabled: row?.notificationsEnabled ?? true,
    plausibleCommissionPercentage:
      row?.plausibleCommissionPercentage ?? DEFAULT_PLAUSIBLE_COMMISSION_PERCENTAGE,
  }
  const lastDelivery = findLastDelivery(ctx)
  if (!ctx.actor.permissions.has('sales.settings.write')) {
    return {
      ...general,
      xmsWebhookUrl: null,
      xmsApiKey: null,
      xmsLocationId: null,
      xmsPipelineId: null,
      defaultRecipientEmail: null,
      defaultRecipientPhone: null,
      lastDelivery: lastDelivery && { ...lastDelivery, lastError: null },
    }
  }
  return {
    ...general,
    xmsWebhookUrl: row?.xmsWebhookUrl ?? null,
    xmsApiKey: maskApiKey(openCrmKey(box, ctx.actor.organisationId, row?.xmsApiKey ?? null)),
    xmsLocationId: row?.xmsLocationId ?? null,
    xmsPipelineId: row?.xmsPipelineId ?? null,
    defaultRecipientEmail: row?.defaultRecipientEmail ?? null,
    defaultRecipientPhone: row?.defaultRecipientPhone ?? null,
    lastDelivery,
  }
}

/** The newest CRM delivery, for the settings screen. */
function findLastDelivery(ctx: ServiceContext) {
  const row = ctx.db
    .select()
    .from(webhookOutbox)
    .orderBy(desc(webhookOutbox.createdAt))
    .limit(1)
    .get()
  return row
    ? {
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt,
        deliveredAt: row.deliveredAt,
      }
    : null
}

/**
 * Saves Gold Estates settings (sales ADMIN). A masked key sent back unchanged keeps the
 * stored key, which is kept sealed; an empty subdomain falls back to the default. A new
 * webhook URL needs the key typed again: the stored key is never sent to an address it
 * was not entered for.
 */
export function updateSalesSettings(
  ctx: ServiceContext,
  box: SecretBox,
  changes: z.infer<typeof SalesSettingsUpdateSchema>,
  defaultSubdomain: string,
) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const { xmsApiKey, ...rest } = changes
  const keepsKey = xmsApiKey === undefined || xmsApiKey?.startsWith(MASK)
  const stored = ctx.db.select().from(salesSettings).get()
  const isNewUrl =
    changes.xmsWebhookUrl !== undefined && changes.xmsWebhookUrl !== stored?.xmsWebhookUrl
  if (isNewUrl && keepsKey && stored?.xmsApiKey) {
    throw new AppError('invalid_input', KEY_AGAIN, {
      errors: [{ path: 'xmsApiKey', message: KEY_AGAIN }],
    })
  }
  const organisationId = ctx.actor.organisationId
  ctx.db
    .update(salesSettings)
    .set({
      ...rest,
      ...(!keepsKey && { xmsApiKey: sealCrmKey(box, organisationId, xmsApiKey ?? null) }),
      ...(changes.subdomain !== undefined && { subdomain: changes.subdomain }),
      updatedAt: Date.now(),
    })
    .where(eq(salesSettings.organisationId, organisationId))
    .run()
  return getSalesSettings(ctx, box, defaultSubdomain)
}
