import { type Client, cookieOf } from './http.ts'

// A sales sheet sent to the import as the page sends one: a file in a form, or CSV text.

/** POST …/sheets/import of a file as `client`, the way the upload field sends it. */
export function uploadSheet(
  server: { url: string },
  client: Client,
  bytes: Uint8Array<ArrayBuffer>,
  fileName = 'verkopen.xlsx',
) {
  const form = new FormData()
  form.append('file', new Blob([bytes]), fileName)
  return fetch(`${server.url}/api/gold-estates/sheets/import`, {
    method: 'POST',
    headers: { cookie: cookieOf(client) },
    body: form,
  })
}

/** POST …/sheets/import of CSV text as `client`. */
export const uploadCsv = (client: Client, text: string) =>
  client.request('POST', '/api/gold-estates/sheets/import?fileName=v.csv', text, {
    'content-type': 'text/csv',
  })
