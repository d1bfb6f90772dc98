import 'fake-indexeddb/auto'
import { addRxPlugin, createRxDatabase, getAllCollectionDocuments, type RxJsonSchema } from 'rxdb'
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { expect, test } from 'vitest'
import { MIGRATION_STRATEGIES } from '#schema/rx/migrations'
import { removeRetiredCollections } from '#sync/client/add-replicated-collections'
import {
  CENTRAL_COLLECTIONS,
  RETIRED_SALES_COLLECTIONS,
  SALES_COLLECTIONS,
} from '#sync/client/collections'
import { UNTYPED_SALE_FIELDS } from '../support/sale-document.ts'

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

test('a sale written before a deal could change opens with its lines to come (version 2)', async () => {
  const name = 'deal-migration-test'
  const sales = SALES_COLLECTIONS.find((item) => item.local === 'sales')
  if (!sales) throw new Error('sales collection missing')
  const saleSchema = sales.schema as RxJsonSchema<unknown>
  const before = await createRxDatabase({
    name,
    storage: getRxStorageDexie(),
    multiInstance: false,
  })
  await before.addCollections({
    sales: {
      schema: withoutFields(saleSchema, [
        'splits',
        'cancelReason',
        'cancelledAt',
        'paidTotal',
        'lines',
      ]),
    },
  })
  const sale = {
    id: 'sale-1',
    projectId: 'project-1',
    clientName: 'Offline klant',
    ...UNTYPED_SALE_FIELDS,
    propertyNumber: 'B-1',
    saleDate: '2026-11-01',
    salePrice: 30_000_000,
    commissionPercentage: 2,
    commissionAmount: 600_000,
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
  await before.collections.sales?.insert(sale)
  await before.close()

  const after = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false })
  await after.addCollections({
    sales: { schema: saleSchema, migrationStrategies: MIGRATION_STRATEGIES.sales },
  })
  // The unsent sale keeps its payload's lines for the push; the new fields are filled in,
  // and the server's lines arrive with the next pull (the server gave every sale a new seq).
  expect((await after.collections.sales?.findOne('sale-1').exec())?.toJSON()).toMatchObject({
    clientName: 'Offline klant',
    seq: 0,
    commissions: sale.commissions,
    splits: null,
    cancelReason: null,
    paidTotal: 0,
    lines: [],
  })
  await after.remove()
})

test('the commission lines an older version kept in their own collection are removed', async () => {
  const name = 'retired-collection-test'
  const lineSchema: RxJsonSchema<{ id: string; saleId: string }> = {
    version: 1,
    primaryKey: 'id',
    type: 'object',
    properties: { id: { type: 'string', maxLength: 64 }, saleId: { type: 'string' } },
    required: ['id', 'saleId'],
  }
  const before = await createRxDatabase({
    name,
    storage: getRxStorageDexie(),
    multiInstance: false,
  })
  await before.addCollections({ commissions: { schema: lineSchema } })
  await before.collections.commissions?.insert({ id: 'line-1', saleId: 'sale-1' })
  await before.close()

  const after = await createRxDatabase({ name, storage: getRxStorageDexie(), multiInstance: false })
  await removeRetiredCollections(after, RETIRED_SALES_COLLECTIONS)
  const names = (await getAllCollectionDocuments(after.internalStore)).map((meta) => meta.data.name)
  expect(names).not.toContain('commissions')
  // Opened again (as an older tab would), the collection is empty: its files are gone.
  await after.addCollections({ commissions: { schema: lineSchema } })
  expect(await after.collections.commissions?.count().exec()).toBe(0)
  await after.remove()
})

test('a sale stored before commission plans opens typed, its lines from no plan (version 4)', async () => {
  const migrate = MIGRATION_STRATEGIES.sales?.[4]
  if (!migrate) throw new Error('sales has no version 4 strategy')
  const line = { id: 'line-1', sellerId: 'seller-1', commissionAmount: 600_000, kind: 'commission' }
  const stored = { id: 'sale-1', clientName: 'Klant', lines: [line] }
  expect(await migrate(stored as never, undefined as never)).toEqual({
    id: 'sale-1',
    clientName: 'Klant',
    fromPlan: false,
    lines: [{ ...line, planVersionId: null, planTier: null, planNote: null }],
  })
})
