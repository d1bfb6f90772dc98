/** Marks the database worker's first message to a page (no storage call has this kind). */
export const WORKER_HELLO = 'centraal-database-worker'

/** The database worker's first message to a page: the lock it holds while it lives. */
export type WorkerHello = { kind: typeof WORKER_HELLO; lifeLock: string }

/**
 * A part of a large answer (worker/database-worker.ts): its documents from `start` on, and the
 * rest of the answer's value with the last part.
 */
export type AnswerPart = {
  kind: typeof ANSWER_PART
  connectionId: string
  answerTo: string
  method: string
  documents: unknown[]
  /** Whether the answer's value is the array itself, else `{ documents, ...rest }`. */
  isArray: boolean
  /** The value's other fields (a query's checkpoint), with the last part only. */
  rest?: Record<string, unknown>
  isLast: boolean
}

/** Marks a part of a large answer. */
export const ANSWER_PART = 'centraal-answer-part'

/** At most this many documents travel in one message to a page. */
export const DOCUMENTS_PER_MESSAGE = 500
