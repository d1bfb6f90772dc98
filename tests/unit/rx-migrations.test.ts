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
