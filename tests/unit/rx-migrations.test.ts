import 'fake-indexeddb/auto'
import { addRxPlugin, createRxDatabase, type RxJsonSchema } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { expect, test } from 'vitest'
import { MIGRATION_STRATEGIES } from '#schema/rx/migrations'
import { CENTRAL_COLLECTIONS, SALES_COLLECTIONS } from '#sync/client/collections'

addRxPlugin(RxDBMigrationSchemaPlugin)

test('every collection has a migration strategy for each version of its schema', () => {
  for (const { local, schema } of [...CENTRAL_COLLECTIONS, ...SALES_COLLECTIONS]) {
    const strategies = MIGRATION_STRATEGIES[local]
    expect(strategies, local).toBeDefined()
    for (let version = 1; version <= schema.version; version++) {
      expect(typeof strategies?.[version], `${local} v${version}`).toBe('function')
    }
  }
})

test('a database written by the previous schema opens, documents and unsent edits kept', async () => {
  const definition = CENTRAL_COLLECTIONS[1]
  const name = 'migration-test'
  const open = async (schema: RxJsonSchema<unknown>, version: number) => {
    const db = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false })
    await db.addCollections({
      [definition.local]: {
        schema,
        migrationStrategies: {
          ...MIGRATION_STRATEGIES[definition.local],
          ...(version > 0 && {
            [version]: (doc: Record<string, unknown>) => ({ ...doc, note: '' }),
          }),
        },
      },
    })
    return db
  }
  const before = await open(definition.schema as RxJsonSchema<unknown>, 0)
  await before.collections[definition.local]?.insert({
    id: 'app-1',
    name: 'Offline bewerkt',
    url: 'https://a.example.com',
    description: 'nog niet verstuurd',
    status: 'active',
    users: 0,
    lastSync: null,
    createdAt: 1,
    updatedAt: 1,
    seq: 7,
  })
  await before.close()
  // The next version adds a field; its strategy fills it in for every stored document.
  const next = {
    ...definition.schema,
    version: definition.schema.version + 1,
    properties: { ...definition.schema.properties, note: { type: 'string', maxLength: 200 } },
  } as RxJsonSchema<unknown>
  const after = await open(next, next.version)
  const document = await after.collections[definition.local]?.findOne('app-1').exec()
  expect(document?.toJSON()).toMatchObject({
    name: 'Offline bewerkt',
    description: 'nog niet verstuurd',
    seq: 7,
    note: '',
  })
  await after.remove()
})

/** A schema as it was before `fields` were added (version 0). */
function withoutFields(schema: RxJsonSchema<unknown>, fields: readonly string[]) {
  const { properties, required } = schema as RxJsonSchema<Record<string, unknown>>
  return {
    ...schema,
    version: 0,
    properties: Object.fromEntries(
      Object.entries(properties).filter(([key]) => !fields.includes(key)),
    ),
    required: (required as string[]).filter((key) => !fields.includes(key)),
  } as RxJsonSchema<unknown>
}

test('sales and commission lines written before a deal could change open with version 1', async () => {
  const name = 'deal-migration-test'
  const sales = SALES_COLLECTIONS.find((item) => item.local === 'sales')
  const lines = SALES_COLLECTIONS.find((item) => item.local === 'commissions')
  if (!sales || !lines) throw new Error('sales collections missing')
  const saleSchema = sales.schema as RxJsonSchema<unknown>
  const lineSchema = lines.schema as RxJsonSchema<unknown>
  const before = await createRxDatabase({
    name,
    storage: getRxStorageDexie(),
    multiInstance: false,
  })
  await before.addCollections({
    sales: {
      schema: withoutFields(saleSchema, ['splits', 'cancelReason', 'cancelledAt', 'paidTotal']),
    },
    commissions: { schema: withoutFields(lineSchema, ['kind', 'paidAmount', 'sourceId']) },
  })
  const sale = {
    id: 'sale-1',
    projectId: 'project-1',
    clientName: 'Offline klant',
    clientEmail: null,
    clientPhone: null,
    propertyNumber: 'B-1',
    saleDate: '2026-11-01',
    deliveryDate: null,
    salePrice: 30_000_000,
    commissionPercentage: 2,
    commissionAmount: 600_000,
    totalCosts: 0,
    costsDescription: null,
    discountPercentage: 0,
    status: 'completed',
    notes: null,
    createdBy: null,
    createdAt: 1,
    updatedAt: 1,
    seq: 0,
    commissions: [
      {
        sellerId: 'seller-1',
        role: 'closer',
        commissionType: 'sales',
        commissionPercentage: 100,
        commissionAmount: 600_000,
      },
    ],
  }
  const line = (id: string, status: string) => ({
    id,
    saleId: 'sale-0',
    sellerId: 'seller-1',
    commissionType: 'sales',
    role: null,
    commissionPercentage: 100,
    commissionAmount: 250_000,
    status,
    expectedPaymentDate: '2026-12-01',
    paidAt: status === 'paid' ? 5 : null,
    createdAt: 1,
    updatedAt: 1,
    seq: 4,
  })
  await before.collections.sales?.insert(sale)
  await before.collections.commissions?.bulkInsert([
    line('paid-line', 'paid'),
    line('open-line', 'pending'),
  ])
  await before.close()

  const after = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false })
  await after.addCollections({
    sales: { schema: saleSchema, migrationStrategies: MIGRATION_STRATEGIES.sales },
    commissions: { schema: lineSchema, migrationStrategies: MIGRATION_STRATEGIES.commissions },
  })
  // The unsent sale keeps its lines for the push; the new fields are filled in.
  expect((await after.collections.sales?.findOne('sale-1').exec())?.toJSON()).toMatchObject({
    clientName: 'Offline klant',
    seq: 0,
    commissions: sale.commissions,
    splits: null,
    cancelReason: null,
    paidTotal: 0,
  })
  const migrated = await after.collections.commissions?.find().exec()
  expect(migrated?.map((doc) => [doc.id, doc.get('kind'), doc.get('paidAmount')])).toEqual([
    ['open-line', 'commission', 0],
    ['paid-line', 'commission', 250_000],
  ])
  await after.remove()
})
