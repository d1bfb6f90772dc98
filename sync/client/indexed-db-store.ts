// One IndexedDB object store opened once per context and used in short transactions, for
// the small stores beside RxDB: the offline REST queue (read by the service worker too)
// and the refusals kept on the device. It touches no DOM.

/** A store's database, name and key; `autoIncrement` for numbered items. */
export type ObjectStoreDefinition = {
  database: string
  version: number
  store: string
  keyPath: string
  autoIncrement?: boolean
}

/** The transactions of one store, each resolved once it is durable. */
export type ObjectStoreAccess = {
  /** Runs one request in its own transaction and answers its result. */
  request<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>
  /** Runs several writes in one transaction. */
  write(work: (store: IDBObjectStore) => void): Promise<void>
}

export function openObjectStore(definition: ObjectStoreDefinition): ObjectStoreAccess {
  const { database, version, store, keyPath, autoIncrement = false } = definition
  let opening: Promise<IDBDatabase> | undefined
  const open = () => {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database, version)
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(store)) {
          request.result.createObjectStore(store, { keyPath, autoIncrement })
        }
      }
      request.onsuccess = () => {
        const db = request.result
        // Another context deleting or upgrading the database: let go and reopen next time.
        db.onversionchange = () => {
          db.close()
          opening = undefined
        }
        resolve(db)
      }
      request.onerror = () => {
        opening = undefined
        reject(request.error)
      }
    })
    return opening
  }
  const transact = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => () => T,
  ): Promise<T> => {
    const db = await open()
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(store, mode)
      const result = work(transaction.objectStore(store))
      // Resolve once the transaction is durable, not merely when the request succeeded.
      transaction.oncomplete = () => resolve(result())
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error)
    })
  }
  return {
    request: (mode, work) =>
      transact(mode, (objectStore) => {
        const request = work(objectStore)
        return () => request.result
      }),
    write: (work) =>
      transact('readwrite', (objectStore) => {
        work(objectStore)
        return () => undefined
      }),
  }
}
