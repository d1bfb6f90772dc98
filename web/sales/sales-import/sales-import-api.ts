import type {
  SalesImportResult,
  SpreadsheetData,
  SpreadsheetInfo,
} from '#schema/sales-import/payloads'
import { SHEET_PREVIEW_ROWS } from '#schema/sales-import/payloads'
import { apiRequest, getJson, isQueuedResponse, throwIfNotOk } from '../../lib/api-request.ts'

const BASE = '/api/gold-estates/sheets'

/** GET status: whether the server can reach Google Sheets, and who to share sheets with. */
export type SheetsStatus = {
  googleSheets: 'off' | 'broken' | 'ready'
  serviceAccountEmail: string | null
}

export function getSheetsStatus(): Promise<SheetsStatus> {
  return getJson<SheetsStatus>(`${BASE}/status`) as Promise<SheetsStatus>
}

export function getSpreadsheetInfo(spreadsheetId: string): Promise<SpreadsheetInfo> {
  const query = new URLSearchParams({ spreadsheetId })
  return getJson<SpreadsheetInfo>(`${BASE}/info?${query}`) as Promise<SpreadsheetInfo>
}

/** The preview: the first rows of the range and how many there are. */
export function getSpreadsheetPreview(spreadsheetId: string, range: string) {
  const query = new URLSearchParams({ spreadsheetId, range, limit: String(SHEET_PREVIEW_ROWS) })
  return getJson<SpreadsheetData>(`${BASE}/data?${query}`) as Promise<SpreadsheetData>
}

/** POST sync; `queued` when the browser was offline and the request waits in the queue. */
export async function startSalesImport(
  spreadsheetId: string,
  range: string,
): Promise<SalesImportResult | { queued: true }> {
  const response = await apiRequest('POST', `${BASE}/sync`, { spreadsheetId, range })
  if (isQueuedResponse(response)) return { queued: true }
  return (await response.json()) as SalesImportResult
}

/**
 * POST import with the file as multipart form data. Not through apiRequest, which sends
 * JSON; an upload is never put in the offline queue (files do not fit its store).
 */
export async function uploadSalesFile(file: File): Promise<SalesImportResult> {
  const form = new FormData()
  form.append('file', file)
  const response = await fetch(`${BASE}/import`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    cache: 'no-store',
  })
  await throwIfNotOk(response)
  return (await response.json()) as SalesImportResult
}
