import { Readable } from 'node:stream'
import type { drive_v3 } from '@googleapis/drive'
import type { OAuth2Client } from 'google-auth-library'
import type { Env } from '../../env.ts'
import { googleEndpoints } from './endpoints.ts'

// What Centraal does in a Google Drive: one folder, backup files marked with appProperties so
// that cleaning up can never touch a file it did not make.

const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder'

/** A Drive v3 client for these credentials, pointed at GOOGLE_API_ROOT when set. */
export async function createDriveClient(
  env: Pick<Env, 'GOOGLE_API_ROOT'>,
  auth: OAuth2Client,
): Promise<drive_v3.Drive> {
  const { drive } = await import('@googleapis/drive')
  return drive({ version: 'v3', auth, rootUrl: googleEndpoints(env).driveRootUrl })
}

/** A string literal inside a Drive query: backslash and quote escaped. */
function quote(value: string) {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`
}

/** The id of the folder with this name that the app can see, created when there is none. */
export async function findOrCreateFolder(client: drive_v3.Drive, name: string): Promise<string> {
  const found = await client.files.list({
    q: `mimeType = ${quote(FOLDER_MIME_TYPE)} and name = ${quote(name)} and trashed = false`,
    fields: 'files(id, name)',
    spaces: 'drive',
    pageSize: 1,
  })
  const existing = found.data.files?.[0]?.id
  if (existing) return existing
  const created = await client.files.create({
    requestBody: { name, mimeType: FOLDER_MIME_TYPE },
    fields: 'id',
  })
  if (!created.data.id) throw new Error('Google Drive gaf geen id voor de nieuwe map')
  return created.data.id
}

/**
 * Uploads one backup file into the folder (multipart). Not retried here: the caller retries
 * with its own backoff, and a retried multipart upload needs a fresh body stream.
 */
export async function uploadBackupFile(
  client: drive_v3.Drive,
  file: {
    folderId: string
    organisationId: string
    name: string
    mimeType: string
    /** The file in pieces (createBackupFile's body). */
    body: readonly Uint8Array[]
  },
) {
  const created = await client.files.create(
    {
      requestBody: {
        name: file.name,
        parents: [file.folderId],
        mimeType: file.mimeType,
        appProperties: { centraalBackup: 'true', organisationId: file.organisationId },
      },
      media: {
        mimeType: file.mimeType,
        body: Readable.from(
          file.body.map((piece) => Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength)),
        ),
      },
      fields: 'id, name, createdTime',
    },
    // The media URL ignores the client's rootUrl unless the call names it too
    // (googleapis-common builds it from the call's options only).
    { retry: false, rootUrl: client.context._options.rootUrl },
  )
  return created.data
}

/** Centraal's backups of this organisation created before the given time, in any folder. */
export async function listExpiredBackups(
  client: drive_v3.Drive,
  options: { organisationId: string; createdBefore: Date },
) {
  const q = [
    "appProperties has { key='centraalBackup' and value='true' }",
    `appProperties has { key='organisationId' and value=${quote(options.organisationId)} }`,
    `createdTime < ${quote(options.createdBefore.toISOString())}`,
    'trashed = false',
  ].join(' and ')
  const files: drive_v3.Schema$File[] = []
  let pageToken: string | undefined
  do {
    const page = await client.files.list({
      q,
      fields: 'nextPageToken, files(id, name, createdTime, appProperties)',
      spaces: 'drive',
      pageSize: 100,
      pageToken,
    })
    files.push(...(page.data.files ?? []))
    pageToken = page.data.nextPageToken ?? undefined
  } while (pageToken)
  // The query already says so; checked again because deleting is the one irreversible step.
  return files.filter(
    (file) =>
      file.id &&
      file.appProperties?.centraalBackup === 'true' &&
      file.appProperties.organisationId === options.organisationId &&
      file.createdTime &&
      Date.parse(file.createdTime) < options.createdBefore.getTime(),
  )
}

/** Deletes one file for good (not to the trash: the retention period has passed). */
export async function deleteDriveFile(client: drive_v3.Drive, fileId: string) {
  await client.files.delete({ fileId })
}
