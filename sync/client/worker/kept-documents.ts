import type { Observable } from 'rxjs'

// What the database worker read of a storage instance, kept from one question to the next
// (database-worker.ts, decision 026): reading 5,000 sales out of IndexedDB takes about half
// a second, adding them up 10 ms, and the commission screen asks with every filter and page.

/** How a kept reading is made and learns that it is old. */
type KeptDocumentsOptions<Instance extends object, Document> = {
  /** Reads the instance's live documents. */
  read: (instance: Instance) => Promise<Document[]>
  /** The instance's change events: any of them makes what was read old. */
  changesOf: (instance: Instance) => Observable<unknown>
  /** Readings nobody asked for in this long are let go. */
  idleMs: number
}

/**
 * Readings of storage instances, kept until the instance's next change event, a `forget`
 * (a write the events do not carry), or `idleMs` without a question. A change while a
 * reading is under way forgets it: its callers get it, the next question reads again.
 */
export function keepDocuments<Instance extends object, Document>(
  options: KeptDocumentsOptions<Instance, Document>,
) {
  const kept = new WeakMap<Instance, Promise<Document[]>>()
  const watched = new WeakSet<Instance>()
  const idleTimers = new WeakMap<Instance, ReturnType<typeof setTimeout>>()

  const forget = (instance: Instance) => {
    kept.delete(instance)
  }

  const read = (instance: Instance): Promise<Document[]> => {
    clearTimeout(idleTimers.get(instance))
    idleTimers.set(
      instance,
      setTimeout(() => forget(instance), options.idleMs),
    )
    const known = kept.get(instance)
    if (known) return known
    if (!watched.has(instance)) {
      watched.add(instance)
      options.changesOf(instance).subscribe(() => forget(instance))
    }
    const reading = options.read(instance)
    kept.set(instance, reading)
    reading.catch(() => {
      if (kept.get(instance) === reading) forget(instance)
    })
    return reading
  }

  return { read, forget }
}
