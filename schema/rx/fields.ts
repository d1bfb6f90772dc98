// Field shapes shared by the RxDB schemas.

/** An epoch-milliseconds timestamp. */
export const TIMESTAMP = {
  type: 'number',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  multipleOf: 1,
} as const

/** The replication sequence number; 0 marks a document not yet on the server. */
export const SEQ = {
  type: 'number',
  minimum: 0,
  maximum: Number.MAX_SAFE_INTEGER,
  multipleOf: 1,
} as const

/** When a document was made and last changed, and its replication sequence number. */
export const STAMPS = { createdAt: TIMESTAMP, updatedAt: TIMESTAMP, seq: SEQ } as const
export const STAMP_KEYS = ['createdAt', 'updatedAt', 'seq'] as const

/** Integer cents. */
export const CENTS = { type: 'number', minimum: 0, multipleOf: 1 } as const

/** Integer cents that may be negative (an adjustment down, a clawback). */
export const SIGNED_CENTS = { type: 'number', multipleOf: 1 } as const

/** A percentage as typed, 0–100. */
export const PERCENTAGE = { type: 'number', minimum: 0, maximum: 100 } as const

/** A calendar date 'YYYY-MM-DD'. */
export const DATE_ONLY = { type: 'string', maxLength: 10 } as const

/** A row id (a UUID, or a client's id of at most 64 characters). */
export const ID = { type: 'string', maxLength: 64 } as const

/** Text of at most `maxLength` characters, or null. */
export const nullableText = (maxLength: number) =>
  ({ type: ['string', 'null'], maxLength }) as const
