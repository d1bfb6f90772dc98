import type { SalesImportResult } from '#schema/sales-import/payloads'
import { SHEET_PREVIEW_ROWS } from '#schema/sales-import/payloads'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'

const sheets = api['gold-estates'].sheets

/** GET status: whether the server can reach Google Sheets, and who to share sheets with. */
export async function getSheetsStatus() {
  return (await sheets.status.$get()).json()
}

export type SheetsStatus = Awaited<ReturnType<typeof getSheetsStatus>>

export async function getSpreadsheetInfo(spreadsheetId: string) {
  return (await sheets.info.$get({ query: { spreadsheetId } })).json()
}

/** The preview: the first rows of the range and how many there are. */
export async function getSpreadsheetPreview(spreadsheetId: string, range: string) {
  const query = { spreadsheetId, range, limit: String(SHEET_PREVIEW_ROWS) }
  return (await sheets.data.$get({ query })).json()
}

/** POST sync; `queued` when the browser was offline and the request waits in the queue. */
export async function startSalesImport(
  spreadsheetId: string,
  range: string,
): Promise<SalesImportResult | { queued: true }> {
  const response = await sheets.sync.$post({ json: { spreadsheetId, range } })
  if (isQueuedResponse(response)) return { queued: true }
  return response.json()
}

/**
 * POST import with the file as multipart form data (the request's body as it is); an
 * upload is never put in the offline queue (files do not fit its store).
 */
export async function uploadSalesFile(file: File) {
  const form = new FormData()
  form.append('file', file)
  return (await sheets.import.$post({ query: {} }, { init: { body: form } })).json()
}
