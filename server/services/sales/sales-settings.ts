import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { salesSettings, webhookOutbox } from '#schema/db/organisation'
import type { SalesSettingsUpdateSchema } from '#schema/sales'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

const MASK = '••••••••'

/** The API key as the screen may show it: never in full. */
export function maskApiKey(key: string | null) {
  return key ? `${MASK}${key.slice(-4)}` : null
}

/** Gold Estates settings for the settings screen; the CRM API key masked. */
export function getSalesSettings(ctx: ServiceContext, defaultSubdomain: string) {
  const row = ctx.db.select().from(salesSettings).get()
  return {
    xmsEnabled: row?.xmsEnabled ?? false,
    xmsWebhookUrl: row?.xmsWebhookUrl ?? null,
    xmsApiKey: maskApiKey(row?.xmsApiKey ?? null),
    xmsLocationId: row?.xmsLocationId ?? null,
    xmsPipelineId: row?.xmsPipelineId ?? null,
    defaultRecipientEmail: row?.defaultRecipientEmail ?? null,
    defaultRecipientPhone: row?.defaultRecipientPhone ?? null,
    subdomain: row?.subdomain ?? defaultSubdomain,
    paymentTermDays: row?.paymentTermDays ?? 30,
    currency: (row?.currency ?? 'EUR') as 'EUR' | 'USD' | 'GBP',
    notificationsEnabled: row?.notificationsEnabled ?? true,
    lastDelivery: findLastDelivery(ctx),
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
 * stored key; an empty subdomain falls back to the default.
 */
export function updateSalesSettings(
  ctx: ServiceContext,
  changes: z.infer<typeof SalesSettingsUpdateSchema>,
  defaultSubdomain: string,
) {
  requirePermission(ctx.actor, 'sales.settings.write')
  const { xmsApiKey, ...rest } = changes
  const keepsKey = xmsApiKey === undefined || xmsApiKey?.startsWith(MASK)
  ctx.db
    .update(salesSettings)
    .set({
      ...rest,
      ...(!keepsKey && { xmsApiKey }),
      ...(changes.subdomain !== undefined && { subdomain: changes.subdomain }),
      updatedAt: Date.now(),
    })
    .where(eq(salesSettings.organizationId, ctx.actor.organisationId))
    .run()
  return getSalesSettings(ctx, defaultSubdomain)
}
