import type { Client } from './http.ts'

/**
 * A backup in `format` that `client` (by its Centraal session) downloads from `server`:
 * the raw answer, whose body is a file (a zip, an SQLite file) the JSON client cannot read.
 */
export const downloadBackup = (server: { url: string }, client: Client, format: string) =>
  fetch(`${server.url}/api/admin/backup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `centraal_session=${client.cookies.get('centraal_session')}`,
    },
    body: JSON.stringify({ format }),
  })
