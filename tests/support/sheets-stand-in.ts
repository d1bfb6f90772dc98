import { generateKeyPair, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'

// A local Google Sheets for tests, speaking the real paths and JSON shapes:
//   POST /token                               service-account JWT bearer grant (RFC 7523)
//   GET  /v4/spreadsheets/:id                 properties.title, sheets[].properties.title
//   GET  /v4/spreadsheets/:id/values/:range   { range, majorDimension: 'ROWS', values }
// It checks the assertion's RS256 signature, issuer, audience and expiry, and the bearer
// token on every Sheets call. Like Sheets it trims empty cells at the end of a row and
// empty rows at the end, leaves `values` out of an empty answer, and refuses a range
// beyond the grid (at least 26 columns and 1000 rows) with 400 "exceeds grid limits".

/** One tab of a stand-in spreadsheet: formatted cell text, row by row. */
export type StandInSheet = { title: string; values: string[][] }

type Spreadsheet = { title: string; sheets: StandInSheet[]; isShared: boolean }

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
const SHEETS_SCOPE = /https:\/\/www\.googleapis\.com\/auth\/spreadsheets(\.readonly)?\b/

/** Starts the stand-in with a fresh service account; `serviceAccountJson` is its key file. */
export async function startSheetsStandIn() {
  const keys = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  })
  const clientEmail = 'centraal-import@stand-in-project.iam.gserviceaccount.com'
  const spreadsheets = new Map<string, Spreadsheet>()
  const tokens = new Set<string>()
  const requests: { method: string; path: string }[] = []
  let url = ''

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://stand-in').pathname
      requests.push({ method: request.method ?? 'GET', path })
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
        response.end(JSON.stringify(body))
      }
      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
        return handleToken(form, send)
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1]
      if (!token || !tokens.has(token)) {
        return send(
          401,
          googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED'),
        )
      }
      const match = /^\/v4\/spreadsheets\/([^/]+)(?:\/values\/(.+))?$/.exec(path)
      if (request.method !== 'GET' || !match)
        return send(404, googleError(404, 'Not found', 'NOT_FOUND'))
      const spreadsheet = spreadsheets.get(decodeURIComponent(match[1] ?? ''))
      if (!spreadsheet)
        return send(404, googleError(404, 'Requested entity was not found.', 'NOT_FOUND'))
      if (!spreadsheet.isShared) {
        return send(
          403,
          googleError(403, 'The caller does not have permission', 'PERMISSION_DENIED'),
        )
      }
      const range = match[2]
      if (range === undefined) {
        return send(200, {
          properties: { title: spreadsheet.title },
          sheets: spreadsheet.sheets.map((sheet) => ({ properties: { title: sheet.title } })),
        })
      }
      const answer = readRange(spreadsheet, decodeURIComponent(range))
      return 'error' in answer
        ? send(400, googleError(400, answer.error, 'INVALID_ARGUMENT'))
        : send(200, answer)
    })
  })

  function handleToken(form: URLSearchParams, send: (status: number, body: unknown) => void) {
    if (form.get('grant_type') !== JWT_BEARER) {
      return send(400, { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' })
    }
    const [header = '', claims = '', signature = ''] = (form.get('assertion') ?? '').split('.')
    const isSigned = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${claims}`),
      keys.publicKey,
      Buffer.from(signature, 'base64url'),
    )
    if (!isSigned)
      return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' })
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >
    const now = Math.floor(Date.now() / 1000)
    const isValid =
      body.iss === clientEmail &&
      body.aud === `${url}/token` &&
      typeof body.exp === 'number' &&
      body.exp > now &&
      SHEETS_SCOPE.test(String(body.scope))
    if (!isValid) {
      return send(400, {
        error: 'invalid_grant',
        error_description: 'Invalid JWT: claims refused.',
      })
    }
    const accessToken = `ya29.stand-in-${randomBytes(16).toString('hex')}`
    tokens.add(accessToken)
    return send(200, { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    /** GOOGLE_SERVICE_ACCOUNT_JSON for the server under test. */
    serviceAccountJson: JSON.stringify({
      type: 'service_account',
      project_id: 'stand-in-project',
      private_key_id: 'stand-in',
      private_key: keys.privateKey,
      client_email: clientEmail,
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
    clientEmail,
    /** Every request received, for asserting what the server sent. */
    requests,
    /** Adds or replaces a spreadsheet; `isShared: false` answers 403 like an unshared sheet. */
    putSpreadsheet(
      id: string,
      spreadsheet: { title: string; sheets: StandInSheet[]; isShared?: boolean },
    ) {
      spreadsheets.set(id, { ...spreadsheet, isShared: spreadsheet.isShared ?? true })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function googleError(code: number, message: string, status: string) {
  return { error: { code, message, status } }
}

const columnIndex = (letters: string) =>
  [...letters.toUpperCase()].reduce((sum, char) => sum * 26 + char.charCodeAt(0) - 64, 0) - 1

const columnLetters = (index: number) => {
  let letters = ''
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters
  }
  return letters
}

/** The values of an A1 range, shaped like Sheets' ValueRange. */
function readRange(
  spreadsheet: Spreadsheet,
  a1: string,
): { error: string } | { range: string; majorDimension: 'ROWS'; values?: string[][] } {
  const bang = a1.lastIndexOf('!')
  const rawSheet = bang === -1 ? null : a1.slice(0, bang)
  const cells = bang === -1 ? a1 : a1.slice(bang + 1)
  const sheetName = rawSheet?.replace(/^'(.*)'$/, '$1').replaceAll("''", "'")
  const sheet =
    sheetName === undefined
      ? spreadsheet.sheets[0]
      : spreadsheet.sheets.find((tab) => tab.title === sheetName)
  const corners = /^([A-Z]+)?(\d+)?(?::([A-Z]+)?(\d+)?)?$/i.exec(cells)
  if (!sheet || !corners) return { error: `Unable to parse range: ${a1}` }
  const gridColumns = Math.max(26, ...sheet.values.map((row) => row.length))
  const gridRows = Math.max(1000, sheet.values.length)
  const startColumn = corners[1] ? columnIndex(corners[1]) : 0
  const startRow = corners[2] ? Number(corners[2]) : 1
  const endColumn = corners[3]
    ? columnIndex(corners[3])
    : corners[4]
      ? gridColumns - 1
      : startColumn
  const endRow = corners[4] ? Number(corners[4]) : corners[3] ? gridRows : startRow
  if (endColumn >= gridColumns || endRow > gridRows) {
    return {
      error: `Range (${sheet.title}!${cells}) exceeds grid limits. Max rows: ${gridRows}, max columns: ${gridColumns}`,
    }
  }
  const values = sheet.values.slice(startRow - 1, endRow).map((row) => {
    const slice = row.slice(startColumn, endColumn + 1)
    while (slice.length && slice.at(-1) === '') slice.pop()
    return slice
  })
  while (values.length && values.at(-1)?.length === 0) values.pop()
  const quoted = /^[A-Za-z0-9_]+$/.test(sheet.title)
    ? sheet.title
    : `'${sheet.title.replaceAll("'", "''")}'`
  return {
    range: `${quoted}!${columnLetters(startColumn)}${startRow}:${columnLetters(endColumn)}${endRow}`,
    majorDimension: 'ROWS',
    ...(values.length > 0 && { values }),
  }
}
