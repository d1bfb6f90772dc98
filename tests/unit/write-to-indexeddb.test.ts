import 'fake-indexeddb/auto'
import {
  createRxDatabase,
  getAssumedMasterState,
  getChangedDocumentsSince,
  type RxCollection,
} from 'rxdb'
import { replicateRxCollection } from 'rxdb/plugins/replication'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { afterEach, expect, test } from 'vitest'
import type { AppConnectionDocType } from '#schema/rx/app-connections'
import { CENTRAL_COLLECTIONS } from '#sync/client/collections'
import { countStoredDocuments } from '#sync/client/count-live-documents'
import { writeAssumedStates } from '#sync/client/first-fill-assumed-states'
import { writeToIndexedDb } from '#sync/client/worker/write-to-indexeddb'
import { appDocument } from '../support/app-document.ts'

// The first fill writes past RxDB, into the IndexedDB store of its Dexie storage: what it
// stores must be what RxDB reads (queries, indexes, the push's changes), and a document
// the person wrote meanwhile must stay, as RxDB's own write keeps it.

const definition = CENTRAL_COLLECTIONS[1]
const LWT = 1_700_000_000_000.5
let close: () => Promise<unknown> = async () => undefined

afterEach(() => close())

async function openApps(): Promise<RxCollection<AppConnectionDocType>> {
  const db = await createRxDatabase({
    name: `direct-write-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageDexie(),
    multiInstance: false,
  })
  close = () => db.remove()
  await db.addCollections({ [definition.local]: { schema: definition.schema } })
  return db.collections[definition.local] as RxCollection<AppConnectionDocType>
}

function filled(id: string, name: string, height = 1, changes: { _deleted?: boolean } = {}) {
  return {
    ...(appDocument(id, height, name) as AppConnectionDocType & { _deleted: boolean }),
    _attachments: {},
    _rev: `${height}-fillhash`,
    _meta: { lwt: LWT, o: { _rev: height, hash: 'fillhash' } },
    ...changes,
  }
}

test('documents stored past RxDB are found by its queries, indexes and the push', async () => {
  const apps = await openApps()
  const kept = await writeToIndexedDb(apps.internalStorageInstance, [
    { document: filled('app-1', 'Eerste') },
    { document: filled('app-2', 'Tweede') },
  ])
  expect(kept).toEqual(new Set())
  expect((await apps.findOne('app-1').exec())?.name).toBe('Eerste')
  // Through the status index, and as RxDB stores _deleted ('0' / '1' in IndexedDB).
  const active = await apps.find({ selector: { status: 'active' }, sort: [{ name: 'asc' }] }).exec()
  expect(active.map((app) => app.name)).toEqual(['Eerste', 'Tweede'])
  expect(await countStoredDocuments(apps)).toBe(2)
  // The (_meta.lwt, id) index: what the replication would push after a checkpoint.
  const { documents } = await getChangedDocumentsSince(apps.internalStorageInstance, 10, {
    id: '',
    lwt: 0,
  })
  expect(documents.map((document) => document.id)).toEqual(['app-1', 'app-2'])
  const after = await getChangedDocumentsSince(apps.internalStorageInstance, 10, {
    id: '\uffff',
    lwt: LWT,
  })
  expect(after.documents).toEqual([])
})

test("a page longer than one task's part is written whole, keeping what was written meanwhile in every part", async () => {
  const apps = await openApps()
  const id = (index: number) => `app-${String(index).padStart(3, '0')}`
  const first = Array.from({ length: 450 }, (_, index) => filled(id(index), `App ${index}`))
  expect(
    await writeToIndexedDb(
      apps.internalStorageInstance,
      first.map((document) => ({ document })),
    ),
  ).toEqual(new Set())
  expect(await countStoredDocuments(apps)).toBe(450)
  // The person edits one document in each of the three parts and creates one the next
  // page also brings.
  for (const index of [10, 250, 449]) {
    await (await apps.findOne(id(index)).exec())?.incrementalPatch({ name: `Mijn ${index}` })
  }
  await apps.insert({ ...filled(id(460), 'Van mij'), _deleted: undefined } as never)

  const kept = await writeToIndexedDb(apps.internalStorageInstance, [
    ...first.map((previous, index) => ({
      document: filled(id(index), `Server ${index}`, 2),
      previous,
    })),
    ...Array.from({ length: 20 }, (_, index) => ({
      document: filled(id(450 + index), `Nieuw ${index}`),
    })),
  ])
  expect(kept).toEqual(new Set([id(10), id(250), id(449), id(460)]))
  expect(await countStoredDocuments(apps)).toBe(470)
  expect((await apps.findOne(id(0)).exec())?.name).toBe('Server 0')
  expect((await apps.findOne(id(250)).exec())?.name).toBe('Mijn 250')
  expect((await apps.findOne(id(448)).exec())?.name).toBe('Server 448')
  expect((await apps.findOne(id(460)).exec())?.name).toBe('Van mij')
  expect((await apps.findOne(id(469)).exec())?.name).toBe('Nieuw 19')
})

test('a document written meanwhile stays; one stored before is replaced or deleted', async () => {
  const apps = await openApps()
  const first = filled('app-1', 'Eerste')
  const second = filled('app-2', 'Tweede')
  const third = filled('app-3', 'Derde')
  await writeToIndexedDb(apps.internalStorageInstance, [
    { document: first },
    { document: second },
    { document: third },
  ])
  // The person creates one the server also sends, and edits a filled one, meanwhile.
  await apps.insert({ ...filled('app-4', 'Van mij'), _deleted: undefined } as never)
  await (await apps.findOne('app-2').exec())?.incrementalPatch({ name: 'Bewerkt' })

  const kept = await writeToIndexedDb(apps.internalStorageInstance, [
    { document: filled('app-1', 'Op de server gewijzigd', 2), previous: first },
    { document: filled('app-2', 'Ook gewijzigd', 2), previous: second },
    { document: filled('app-3', 'Derde', 2, { _deleted: true }), previous: third },
    { document: filled('app-4', 'Van de server') },
  ])
  expect(kept).toEqual(new Set(['app-2', 'app-4']))
  expect((await apps.findOne('app-1').exec())?.name).toBe('Op de server gewijzigd')
  expect((await apps.findOne('app-2').exec())?.name).toBe('Bewerkt')
  expect(await apps.findOne('app-3').exec()).toBeNull()
  expect((await apps.findOne('app-4').exec())?.name).toBe('Van mij')
  expect(await countStoredDocuments(apps)).toBe(3)
})

test('a watched collection is left to RxDB: nothing is written past it', async () => {
  const apps = await openApps()
  const kept = await writeToIndexedDb(
    apps.internalStorageInstance,
    [{ document: filled('app-1', 'Eerste') }],
    () => false,
  )
  expect(kept).toBeUndefined()
  expect(await countStoredDocuments(apps)).toBe(0)
})

test('another storage is left to RxDB', async () => {
  const { getRxStorageMemory } = await import('rxdb/plugins/storage-memory')
  const db = await createRxDatabase({
    name: 'direct-write-memory',
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  close = () => db.remove()
  await db.addCollections({ [definition.local]: { schema: definition.schema } })
  const storage = db.collections[definition.local]?.internalStorageInstance
  if (!storage) throw new Error('no collection')
  expect(await writeToIndexedDb(storage, [{ document: filled('app-1', 'Eerste') }])).toBe(undefined)
})

test('the assumed states of a fill, stored past RxDB, are the ones its replication reads', async () => {
  const apps = await openApps()
  const documents = [filled('app-1', 'Eerste'), filled('app-2', 'Tweede')]
  await writeToIndexedDb(
    apps.internalStorageInstance,
    documents.map((document) => ({ document })),
  )
  const replication = replicateRxCollection({
    collection: apps,
    replicationIdentifier: 'direct-write-test',
    live: true,
    waitForLeadership: false,
    pull: { handler: async () => ({ documents: [], checkpoint: null }) },
    push: { handler: async () => [] },
  })
  await writeAssumedStates(replication as never, {
    pull: { seq: 2 },
    push: { id: '\uffff', lwt: LWT },
    isComplete: true,
    lwt: LWT,
    stored: new Map(documents.map((document) => [document.id, document as never])),
  })
  const state = replication.internalReplicationState
  if (!state) throw new Error('replication not started')
  const assumed = await getAssumedMasterState(state, ['app-1', 'app-2', 'app-3'])
  expect(assumed['app-1']?.docData).toMatchObject({ id: 'app-1', name: 'Eerste', _deleted: false })
  expect(assumed['app-2']?.docData).toMatchObject({ id: 'app-2', name: 'Tweede' })
  expect(assumed['app-3']).toBeUndefined()
  await replication.cancel()
})
