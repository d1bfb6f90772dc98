import { DateOnlySchema } from './sales.ts'
import { z } from './zod.ts'

/**
 * GET /api/gold-estates/statements[/:sellerId]: the period of a payout statement, both
 * days included ('YYYY-MM-DD').
 */
export const StatementQuerySchema = z
  .object({ dateFrom: DateOnlySchema, dateTo: DateOnlySchema })
  .refine((period) => period.dateFrom <= period.dateTo, {
    message: 'De einddatum ligt voor de begindatum',
    path: ['dateTo'],
  })

/** The period of a statement, both days included. */
export type StatementPeriod = z.infer<typeof StatementQuerySchema>

/** GET /api/gold-estates/statements/:sellerId. */
export const StatementSellerParamSchema = z.object({ sellerId: z.string().min(1).max(64) })
