import { normalizeMangoQuery, prepareQuery, type RxStorageInstance } from 'rxdb'
import { dexieStateOf } from './write-to-indexeddb.ts'

/** The number of live documents in one RxDB storage instance (Dexie's counted fast). */
export async function countLiveStored(
  storage: RxStorageInstance<unknown, unknown, unknown>,
  primaryPath: string,
): Promise<number> {
  const state = await dexieStateOf(storage)
  if (!state?.dexieTable) {
    const { schema } = storage
    const query = prepareQuery(schema, normalizeMangoQuery(schema, { selector: {} }))
    return (await storage.count(query)).count
  }
  const table = state.dexieTable
  const byDeleted = `[_deleted+${primaryPath}]`
  // One read transaction, so that the two counts see the same state.
  return state.dexieDb.transaction('r', table, async () => {
    const [all, deleted] = await Promise.all([
      table.count(),
      // The Dexie storage stores _deleted as '1' / '0' (IndexedDB cannot index booleans).
      table.where(byDeleted).between(['1', ''], ['1', '\uffff'], true, true).count(),
    ])
    return all - deleted
  })
}
