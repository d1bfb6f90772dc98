import type { Observable } from 'rxjs'

// What the database worker read of a storage instance, kept from one question to the next
// (database-worker.ts, decision 026): reading 5,000 sales out of IndexedDB takes about half
// a second, adding them up 10 ms, and the commission screen asks with every filter and page.
// A write through RxDB's storage tells its documents in the instance's change events; they
// are put into what was kept, so that the figures after registering one sale do not read
// every sale again (decision 045).

/** One document's change as a storage instance's change events tell it (RxDB's shape). */
export type KeptChange<Document> = {
  operation: 'INSERT' | 'UPDATE' | 'DELETE'
  documentId: string
  documentData: Document
}

/** How a kept reading is made and learns that it changed. */
type KeptDocumentsOptions<Instance extends object, Document> = {
  /** Reads the instance's live documents, in the order of their ids. */
  read: (instance: Instance) => Promise<Document[]>
  /** The instance's change events, in bulks, as its storage emits them. */
  changesOf: (instance: Instance) => Observable<{ events: readonly KeptChange<Document>[] }>
  /** A read document's id (what a change's `documentId` names). */
  idOf: (instance: Instance, document: Document) => string
  /** Readings nobody asked for in this long are let go. */
  idleMs: number
}

/** A reading under way, or one that was read and since changed by its events. */
type Kept<Document> =
  | { reading: Promise<Document[]>; byId?: undefined }
  | { byId: Map<string, Document>; answer: Promise<Document[]> | undefined; isSorted: boolean }

/**
 * Readings of storage instances, kept until `idleMs` without a question. A change event of
 * an insert or an update is put into what was read; anything else makes the next question
 * read again: a delete, an event while a reading is under way (its callers get it), the
 * instance's events ending (it closed or was removed), or a `forget` (a write the events
 * do not carry).
 */
export function keepDocuments<Instance extends object, Document>(
  options: KeptDocumentsOptions<Instance, Document>,
) {
  const kept = new WeakMap<Instance, Kept<Document>>()
  const watched = new WeakSet<Instance>()
  const idleTimers = new WeakMap<Instance, ReturnType<typeof setTimeout>>()

  const forget = (instance: Instance) => {
    kept.delete(instance)
  }

  const apply = (instance: Instance, events: readonly KeptChange<Document>[]) => {
    const known = kept.get(instance)
    if (!known || events.length === 0) return
    const canApply =
      known.byId && events.every((each) => each.operation !== 'DELETE' && each.documentData)
    if (!canApply) return forget(instance)
    for (const event of events) {
      if (!known.byId.has(event.documentId)) known.isSorted = false
      known.byId.set(event.documentId, event.documentData)
    }
    known.answer = undefined
  }

  const watch = (instance: Instance) => {
    if (watched.has(instance)) return
    watched.add(instance)
    options.changesOf(instance).subscribe({
      next: (bulk) => apply(instance, bulk.events),
      error: () => forget(instance),
      complete: () => forget(instance),
    })
  }

  const answerOf = (known: Kept<Document> & { byId: Map<string, Document> }) => {
    if (!known.answer) {
      if (!known.isSorted) {
        // In the order a fresh reading gives: by id, as IndexedDB compares strings.
        known.byId = new Map([...known.byId].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        known.isSorted = true
      }
      // A new array: one handed out before stays as it was for whoever still holds it.
      known.answer = Promise.resolve([...known.byId.values()])
    }
    return known.answer
  }

  const read = (instance: Instance): Promise<Document[]> => {
    clearTimeout(idleTimers.get(instance))
    idleTimers.set(
      instance,
      setTimeout(() => forget(instance), options.idleMs),
    )
    const known = kept.get(instance)
    if (known) return known.byId ? answerOf(known) : known.reading
    watch(instance)
    const reading = options.read(instance)
    const underWay: Kept<Document> = { reading }
    kept.set(instance, underWay)
    reading.then(
      (documents) => {
        // Changed meanwhile (forgotten, or read again since): this reading is not kept.
        if (kept.get(instance) !== underWay) return
        const byId = new Map(documents.map((each) => [options.idOf(instance, each), each]))
        kept.set(instance, { byId, answer: reading, isSorted: true })
      },
      () => {
        if (kept.get(instance) === underWay) forget(instance)
      },
    )
    return reading
  }

  return { read, forget }
}
