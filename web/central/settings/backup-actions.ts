import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'

/** Download formats offered in Admin Tools. */
export const BACKUP_DOWNLOADS = [
  { format: 'json', label: 'JSON' },
  { format: 'csv', label: 'CSV (zip)' },
  { format: 'sqlite', label: 'SQLite' },
] as const

/**
 * Asks the server for a backup, saves it under the name the server gives it, and says how it
 * went in a toast.
 */
export async function downloadBackup(format: (typeof BACKUP_DOWNLOADS)[number]['format']) {
  try {
    const response = await api.admin.backup.$post({ json: { format } })
    const disposition = response.headers.get('content-disposition') ?? ''
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `centraal-backup.${format}`
    const url = URL.createObjectURL(await response.blob())
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    showToast({ title: 'Backup gedownload', description: fileName })
  } catch (error) {
    showToast({
      title: 'Backup Mislukt',
      description: describeError(error, 'De backup kon niet worden gemaakt.'),
      variant: 'destructive',
    })
  }
}

/** Thrown when the chosen file is not JSON: said before anything is sent. */
export class NotJsonError extends Error {}

/** A backup file chosen for a restore, with what its header says (asked before it starts). */
export type ChosenBackup = { file: File; createdAt: number; organisationName: string | null }

/**
 * Reads the chosen file's header: when the backup was made, and of which organisation
 * (the restore dialog names them). Throws NotJsonError for a file that is not JSON or
 * carries no moment; the server checks everything else.
 */
export async function readChosenBackup(file: File): Promise<ChosenBackup> {
  let header: unknown
  try {
    header = JSON.parse(await file.text())
  } catch {
    throw new NotJsonError('Het gekozen bestand is geen geldige JSON-backup.')
  }
  const { createdAt, organisation } = (header ?? {}) as {
    createdAt?: unknown
    organisation?: { name?: unknown }
  }
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) {
    throw new NotJsonError('Het gekozen bestand is geen Centraal-backup: de datum ontbreekt.')
  }
  const name = organisation?.name
  return { file, createdAt, organisationName: typeof name === 'string' ? name : null }
}

/**
 * Sends a JSON backup to the server, which checks it whole and replaces the organisation's
 * data. The session ends with it and the person signs in again; the organisation's new
 * epoch then empties this device's local data, keeping what was not yet sent as refusals
 * (decision 008).
 */
export async function restoreBackup(file: File) {
  // The file itself (as the request's body), not a re-serialised copy: the server reads
  // its one-row-per-line layout without holding every row in memory.
  await api.admin.restore.$post(undefined, { init: { body: file } })
}
