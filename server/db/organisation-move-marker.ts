import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { getOrganisationFile } from './organisation-db.ts'

/**
 * Where an organisation's move stands, on the machine it leaves (decision 048): `moving`
 * while its file is copied (reads go on, writes are refused), `moved` once the new machine
 * holds it (nothing is served here). The marker stays after the old file is removed, so a
 * process that still had the file open never writes to it again.
 */
export type MoveStage = 'moving' | 'moved'
export type MoveMarker = { stage: MoveStage; machine: string }

export const getMoveMarker = (dataDir: string, organisationId: string) =>
  `${getOrganisationFile(dataDir, organisationId)}.moving`

/**
 * The marker, or null when the organisation is not moving away from this data directory.
 * One stat per call; the file is read only while a marker exists.
 */
export function readMoveMarker(dataDir: string, organisationId: string): MoveMarker | null {
  const file = getMoveMarker(dataDir, organisationId)
  if (!existsSync(file)) return null
  try {
    const { stage, machine } = JSON.parse(readFileSync(file, 'utf8')) as Partial<MoveMarker>
    if ((stage === 'moving' || stage === 'moved') && typeof machine === 'string') {
      return { stage, machine }
    }
  } catch {
    // Removed between the stat and the read (a move given up), or half written: see below.
  }
  // A marker that cannot be read refuses writes: never more than a move would allow.
  return existsSync(file) ? { stage: 'moving', machine: '' } : null
}

/** Writes the marker whole (a process never reads half of it). */
export function writeMoveMarker(dataDir: string, organisationId: string, marker: MoveMarker) {
  const file = getMoveMarker(dataDir, organisationId)
  // A machine that never held an organisation has no orgs/ folder yet.
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(`${file}.tmp`, JSON.stringify(marker))
  renameSync(`${file}.tmp`, file)
}

export function removeMoveMarker(dataDir: string, organisationId: string) {
  rmSync(getMoveMarker(dataDir, organisationId), { force: true })
}
