import { v7 as uuidv7 } from 'uuid'
import { webhookOutbox } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { saleStatements } from './sale-statements.ts'

type Writer = Pick<OrganisationDb, 'select' | 'insert' | 'update'>

/**
 * Puts a registered sale's lead in the CRM outbox (same transaction as the sale) when the
 * integration is on; the webhook job delivers it. One outbox row per sale, ever.
 */
export function enqueueLead(
  tx: Writer,
  sale: {
    id: string
    clientName: string
    clientEmail: string | null
    clientPhone: string | null
    propertyNumber: string
    salePrice: number
  },
  projectName: string,
) {
  const settings = saleStatements(tx).settings.get()
  if (!settings?.xmsEnabled || !settings.xmsWebhookUrl) return
  const now = Date.now()
  tx.insert(webhookOutbox)
    .values({
      id: uuidv7(),
      saleId: sale.id,
      payload: {
        saleId: sale.id,
        name: sale.clientName,
        email: sale.clientEmail,
        phone: sale.clientPhone,
        project: projectName,
        property: sale.propertyNumber,
        price: sale.salePrice / 100,
        locationId: settings.xmsLocationId,
        pipelineId: settings.xmsPipelineId,
      },
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run()
}
