import { mkdtempSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { AppError } from '../../errors/app-error.ts'
import {
  type BackupLayout,
  MAX_LINE_BYTES,
  MAX_WHOLE_BYTES,
  TABLES_START,
} from './read-backup-file.ts'

/** A restore body as it arrived, on disk; `remove` deletes it. */
export type ReceivedBackup = { file: string; layout: BackupLayout; remove(): void }

function refuse(message: string): never {
  throw new AppError('invalid_input', `Ongeldige backup: ${message}`)
}

/**
 * Writes a restore body to a temporary file as it arrives, holding one piece at a time.
 * The first line decides at once: Centraal's layout (a backup header ending in
 * `,"tables":{`) may be up to `maxBytes`; any other JSON object is parsed whole later and
 * may be at most MAX_WHOLE_BYTES (2 MiB); anything that does not start with `{` is refused before the rest
 * is read.
 */
export async function receiveBackup(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<ReceivedBackup> {
  if (!body) refuse('het bestand is leeg')
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-restore-'))
  const file = path.join(folder, 'backup.json')
  const remove = () => rmSync(folder, { recursive: true, force: true })
  const reader = body.getReader()
  const handle = await open(file, 'w', 0o600)
  try {
    let size = 0
    let layout: BackupLayout | null = null
    // The first line so far, and its first character that is not white space.
    let head = ''
    let firstChar: string | null = null
    const decoder = new StringDecoder('utf8')
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (layout === null) {
        const text = decoder.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
        const newline = text.indexOf('\n')
        const part = newline >= 0 ? text.slice(0, newline) : text
        head += part
        firstChar ??= part.match(/\S/)?.[0] ?? null
        if (firstChar !== null && firstChar !== '{') refuse('het bestand is geen JSON-backup')
        if (newline >= 0) {
          if (firstChar === null) refuse('het bestand is geen JSON-backup')
          layout = head.endsWith(TABLES_START) ? 'lines' : 'whole'
        } else if (head.length > MAX_LINE_BYTES) {
          layout = 'whole'
        }
      }
      if (layout !== 'lines' && size > MAX_WHOLE_BYTES) {
        refuse(
          `een backup die niet één rij per regel heeft mag hoogstens ${MAX_WHOLE_BYTES / 1024 / 1024} MiB zijn`,
        )
      }
      if (size > maxBytes) {
        throw new AppError(
          'payload_too_large',
          `Het backupbestand is te groot (maximaal ${Math.round(maxBytes / 1024 / 1024)} MiB)`,
        )
      }
      await handle.write(value)
    }
    if (size === 0) refuse('het bestand is leeg')
    return { file, layout: layout ?? 'whole', remove }
  } catch (error) {
    await reader.cancel().catch(() => undefined)
    remove()
    throw error
  } finally {
    await handle.close()
  }
}
