import type { SalesFiguresQuestion } from '#schema/local-sales-data'

// What a page asks of the database worker (worker/database-worker.ts) beside RxDB's own
// storage calls, as both threads name it: the page sends it (worker-requests.ts), the
// worker answers it. Types and a key only: both threads load this file.

/** A document to store, and the state this writer stored of it before (if any). */
export type DirectWriteRow<Document extends { id: string; _rev: string }> = {
  document: Document
  previous?: Document
}

/** Names one storage instance in the worker, as RxDB's remote side names it. */
export type InstanceKey = { databaseName: string; collectionName: string; schemaVersion: number }

type WriteRows = readonly DirectWriteRow<{ id: string; _rev: string }>[]

/**
 * Figures of a sales database (the dashboard, the statistics), built where its documents
 * are. Sent on the sales collection's channel; the other collections are named by their
 * schema version.
 */
export type SalesFiguresRequest = {
  kind: 'salesFigures'
  schemaVersions: { projects: number; sellers: number; commission_payments: number }
  /** The organisation's payment term as last seen (localStorage, which a worker cannot read). */
  termDays: number
  question: SalesFiguresQuestion
}

export type PageRequest =
  | { kind: 'write'; rows: WriteRows }
  | { kind: 'count'; primaryPath: string }
  | SalesFiguresRequest

export type WorkerRequest = (PageRequest & InstanceKey) | { kind: 'stop' }

/** The key of a storage instance in RxDB's remote side (its `instanceByFullName`). */
export function instanceKeyOf({ databaseName, collectionName, schemaVersion }: InstanceKey) {
  return [databaseName, collectionName, schemaVersion].join('|')
}
