import type { RxDocument } from 'rxdb'
import { map, type Observable } from 'rxjs'

/** What liveDocs reads: an RxQuery of a local database (`db.users.find(…)`). */
type DocumentsQuery<T> = { readonly $: Observable<readonly RxDocument<T>[]> }

// A document's plain copy is made once per revision: RxDB hands out a new document
// object only when it changed, so long lists do not copy 80,000 rows on every change.
const plainCopies = new WeakMap<object, unknown>()

/**
 * A document as the plain value of its collection's document type. RxDB types it deeply
 * read-only; the screens do not change it, and the value is shared by every reader.
 */
export function toPlain<T>(document: RxDocument<T>): T {
  let plain = plainCopies.get(document) as T | undefined
  if (!plain) {
    plain = document.toJSON() as T
    plainCopies.set(document, plain)
  }
  return plain
}

/** A query's documents, live, as plain values of the collection's document type. */
export function liveDocs<T>(query: DocumentsQuery<T>): Observable<T[]> {
  return query.$.pipe(map((documents) => documents.map(toPlain)))
}
