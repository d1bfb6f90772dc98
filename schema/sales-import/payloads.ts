import { z } from '../zod.ts'
import { parseA1Range } from './a1-range.ts'

// Requests and answers of the sheets import (docs/behaviour.md, Sheets import).

/** The range when none is given. */
export const DEFAULT_SHEET_RANGE = 'Sheet1!A:Z'
/** Rows the preview shows (docs/behaviour.md, Sheets import). */
export const SHEET_PREVIEW_ROWS = 10
/** The info lookup starts once the ID is longer than 10 characters. */
export const INFO_LOOKUP_MIN_ID_LENGTH = 11
/** Largest upload the import takes (.csv or .xlsx). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The sync result lists at most this many row errors, then says how many more there were. */
export const MAX_LISTED_ROW_ERRORS = 500

/** docs/behaviour.md texts. */
export const SPREADSHEET_ID_REQUIRED = 'Spreadsheet ID vereist'
export const SPREADSHEET_ID_INVALID = 'Voer een geldig Google Sheets ID in.'

// A pasted link works too: https://docs.google.com/spreadsheets/d/<id>/edit#gid=0
const LINK_ID = /\/spreadsheets\/d\/([A-Za-z0-9_-]+)/

/** A spreadsheet ID, or the sheet's link, as the ID. */
export const SpreadsheetIdSchema = z
  .string({ message: SPREADSHEET_ID_REQUIRED })
  .trim()
  .min(1, { message: SPREADSHEET_ID_REQUIRED })
  .transform((text) => LINK_ID.exec(text)?.[1] ?? text)
  .pipe(z.string().regex(/^[A-Za-z0-9_-]{11,200}$/, { message: SPREADSHEET_ID_INVALID }))

/** A range in A1 notation; empty means the default. */
export const SheetRangeSchema = z
  .string()
  .trim()
  .max(200, { message: 'Bereik is te lang' })
  .optional()
  .transform((text) => text || DEFAULT_SHEET_RANGE)
  .refine((text) => parseA1Range(text) !== null, {
    message: 'Voer een geldig bereik in, bijvoorbeeld Sheet1!A:Z',
  })

/** GET /api/gold-estates/sheets/info query. */
export const SheetsInfoQuerySchema = z.object({ spreadsheetId: SpreadsheetIdSchema })

/** GET /api/gold-estates/sheets/data query; `limit` caps the rows sent (the preview's 10). */
export const SheetsDataQuerySchema = z.object({
  spreadsheetId: SpreadsheetIdSchema,
  range: SheetRangeSchema,
  limit: z.coerce.number().int().min(1).max(100_000).optional(),
})

/** POST /api/gold-estates/sheets/sync body. */
export const SalesImportRequestSchema = z.object({
  spreadsheetId: SpreadsheetIdSchema,
  range: SheetRangeSchema,
})

/** The sheet's title and tabs, shown before an import (docs/behaviour.md, Sheets import). */
export type SpreadsheetInfo = { title: string; sheets: { title: string }[] }

/** The preview (docs/behaviour.md, Sheets import): `rows` counts all data rows, `data` holds up to `limit`. */
export type SpreadsheetData = { rows: number; data: Record<string, string>[] }

/**
 * The import's result (docs/behaviour.md, Sheets import), with `salesSkipped`: rows imported before (same project,
 * property number, sale date and client), which a repeated import passes over.
 */
export type SalesImportResult = {
  salesImported: number
  salesSkipped: number
  projectsCreated: number
  sellersCreated: number
  commissionsCreated: number
  errors: string[]
}
