import type { SpreadsheetInfo } from '#schema/sales-import/payloads'
import type { Env } from '../../env.ts'
import { AppError } from '../../errors/app-error.ts'
import type { Logger } from '../../logger.ts'
import { googleEndpoints } from './endpoints.ts'
import {
  createServiceAccountTokens,
  parseServiceAccount,
  TokenRequestError,
} from './service-account-token.ts'

/** Read-only access to spreadsheets shared with the service account. */
export const SHEETS_READONLY_SCOPE = 'https://www.googleapis.com/auth/spreadsheets.readonly'

const REQUEST_TIMEOUT_MS = 30_000

/** A values answer: the range Sheets actually returned ('Sheet1!A1:Z1001') and its rows. */
export type SheetValues = { range: string; values: string[][] }

/** What the import reads from Google Sheets. */
export type SheetsReader = {
  /** Who the spreadsheet must be shared with. */
  serviceAccountEmail: string
  getInfo(spreadsheetId: string): Promise<SpreadsheetInfo>
  getValues(spreadsheetId: string, range: string): Promise<SheetValues>
}

/** Whether Sheets can be used: not configured, configured wrongly, or ready. */
export type SheetsAccess =
  | { status: 'off' }
  | { status: 'broken'; reason: string }
  | { status: 'ready'; reader: SheetsReader }

/**
 * Sheets through @googleapis/sheets as the service account in GOOGLE_SERVICE_ACCOUNT_JSON,
 * every endpoint under GOOGLE_API_ROOT when set. The package is loaded on first use: most
 * starts never talk to Google.
 */
export function createSheetsAccess(
  env: Pick<Env, 'GOOGLE_SERVICE_ACCOUNT_JSON' | 'GOOGLE_API_ROOT'>,
  log: Logger,
): SheetsAccess {
  if (!env.GOOGLE_SERVICE_ACCOUNT_JSON) return { status: 'off' }
  let account: ReturnType<typeof parseServiceAccount>
  try {
    account = parseServiceAccount(env.GOOGLE_SERVICE_ACCOUNT_JSON)
  } catch (error) {
    return { status: 'broken', reason: (error as Error).message }
  }
  const endpoints = googleEndpoints(env)
  const tokens = createServiceAccountTokens(account, {
    tokenUrl: endpoints.oauth2TokenUrl,
    scopes: [SHEETS_READONLY_SCOPE],
  })

  async function client() {
    const [{ sheets }, { OAuth2Client }] = await Promise.all([
      import('@googleapis/sheets'),
      import('google-auth-library'),
    ])
    // A fresh client per call with the cached token: the service account has no refresh
    // token, so an OAuth2Client cannot renew one by itself.
    const auth = new OAuth2Client()
    auth.setCredentials({ access_token: await tokens.getAccessToken(), token_type: 'Bearer' })
    return sheets({ version: 'v4', auth, rootUrl: endpoints.sheetsRootUrl })
  }

  const fail = (error: unknown): never => {
    throw toSheetsError(error, account.clientEmail, log)
  }

  const reader: SheetsReader = {
    serviceAccountEmail: account.clientEmail,
    async getInfo(spreadsheetId) {
      const api = await client().catch(fail)
      const { data } = await api.spreadsheets
        .get(
          { spreadsheetId, fields: 'properties.title,sheets.properties.title' },
          { timeout: REQUEST_TIMEOUT_MS },
        )
        .catch(fail)
      return {
        title: data.properties?.title ?? '',
        sheets: (data.sheets ?? []).map((sheet) => ({ title: sheet.properties?.title ?? '' })),
      }
    },
    async getValues(spreadsheetId, range) {
      const api = await client().catch(fail)
      const { data } = await api.spreadsheets.values
        .get({ spreadsheetId, range, majorDimension: 'ROWS' }, { timeout: REQUEST_TIMEOUT_MS })
        .catch(fail)
      const values = (data.values ?? []).map((row) => row.map((cell) => String(cell ?? '')))
      return { range: data.range ?? range, values }
    },
  }
  return { status: 'ready', reader }
}

/** A failed Google call as the answer the caller can act on. */
function toSheetsError(error: unknown, serviceAccountEmail: string, log: Logger): Error {
  if (error instanceof TokenRequestError) {
    log.error('google service account token refused', { status: error.status })
    return new AppError('bad_gateway', `Aanmelden bij Google is mislukt: ${error.message}`)
  }
  const { status, response } = error as { status?: number; response?: { data?: unknown } }
  const data = response?.data as { error?: { message?: string } } | undefined
  const googleMessage = data?.error?.message
  if (status === 404) {
    return new AppError('not_found', 'Spreadsheet niet gevonden. Controleer het ID.')
  }
  if (status === 403) {
    return new AppError(
      'forbidden',
      `Geen toegang tot deze spreadsheet. Deel hem (lezen) met ${serviceAccountEmail}.`,
    )
  }
  if (status === 400) {
    return new AppError(
      'invalid_input',
      `Google Sheets weigert het verzoek: ${googleMessage ?? 'ongeldig bereik'}`,
    )
  }
  log.error('google sheets call failed', { status, message: googleMessage ?? String(error) })
  return new AppError('bad_gateway', 'Google Sheets is niet bereikbaar. Probeer het later opnieuw.')
}
