import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { copySqliteFile } from '../../db/copy-sqlite-file.ts'
import { BUSY_TIMEOUT_MS } from '../../db/open-sqlite.ts'
import { getOrganisationFile } from '../../db/organisation-db.ts'
import {
  readMoveMarker,
  removeMoveMarker,
  writeMoveMarker,
} from '../../db/organisation-move-marker.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { routeToMachine, writePlacementsMap } from './haproxy-placements.ts'
import type { Machines } from './machines-file.ts'
import { waitForFirstWrite } from './wait-for-first-write.ts'

// Moves an organisation's file to another machine (decision 048): read-only where it is,
// copied as of one commit, placed on the new machine, HAProxy pointed there, and the old
// file set aside until the first write lands on the new one.

/** A move refused before anything changed: the operator's mistake, said plainly. */
export class MoveRefused extends Error {}

type MoveInput = {
  /** The organisations and their placements. */
  directory: SystemDirectory
  machines: Machines
  organisationId: string
  to: string
  /** Awaited while the organisation is read-only, before the copy (a test's writes land then). */
  whileReadOnly?: () => Promise<void>
}

/** The machine holding the organisation now; refuses what cannot be moved there. */
async function checkMove({ directory, machines, organisationId, to }: MoveInput) {
  const known = await directory.findOrganisation(organisationId)
  if (!known) throw new MoveRefused(`unknown organisation: ${organisationId}`)
  if (organisationId === DEFAULT_ORGANISATION_ID) {
    // New organisations are made by the platform's administrators on the home machine.
    throw new MoveRefused('the platform organisation stays on the home machine')
  }
  if (!machines.machines[to]) {
    throw new MoveRefused(
      `unknown machine: ${to} (known: ${Object.keys(machines.machines).join(', ')})`,
    )
  }
  const from = (await directory.findPlacement(organisationId)) ?? machines.home
  if (from === to) throw new MoveRefused(`${organisationId} is already on ${to}`)
  const fromDir = machines.machines[from]?.dataDir
  if (!fromDir) throw new MoveRefused(`${organisationId} is placed on unknown machine ${from}`)
  const toDir = machines.machines[to]?.dataDir as string
  const source = getOrganisationFile(fromDir, organisationId)
  if (!existsSync(source)) throw new MoveRefused(`no file for ${organisationId} on ${from}`)
  if (readMoveMarker(fromDir, organisationId)?.stage === 'moving') {
    throw new MoveRefused(`${organisationId} is being moved already`)
  }
  if (existsSync(getOrganisationFile(toDir, organisationId))) {
    throw new MoveRefused(`${to} has a file for ${organisationId} already: remove it first`)
  }
  return { from, fromDir, toDir, source }
}

/**
 * Holds the write lock of the organisation's file on a connection of its own: a write
 * another process began before the marker was read ends first (and is in the copy), any
 * later one is refused (query_only, or this lock). Released by ROLLBACK.
 */
function holdWriteLock(file: string) {
  const db = new Database(file, { fileMustExist: true })
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
  try {
    db.exec('BEGIN IMMEDIATE')
  } catch (error) {
    db.close()
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
    // A long write (an import, a restore) holds the file: the move is given up, undone.
    throw new MoveRefused('a long write (an import or a restore) holds the file: try again')
  }
  return () => {
    db.exec('ROLLBACK')
    db.close()
  }
}

/** Copies the file as of one commit into the new machine's orgs/ under its own name. */
function placeCopy(source: string, target: string, organisationId: string) {
  const copy = copySqliteFile(source, organisationId)
  if (!copy) throw new Error(`no file ${source}`)
  try {
    mkdirSync(path.dirname(target), { recursive: true })
    // Copied first, renamed after: a process never sees half a file under the real name.
    copyFileSync(copy.file, `${target}.incoming`)
    // In WAL mode already, as every organisation's file: the new machine's processes open
    // it without changing its header, which would read as a first write.
    const incoming = new Database(`${target}.incoming`)
    try {
      incoming.pragma('journal_mode = WAL')
    } finally {
      incoming.close()
    }
    renameSync(`${target}.incoming`, target)
  } finally {
    rmSync(copy.folder, { recursive: true, force: true })
  }
}

/** Renames the old file (and its WAL and shared memory) aside; returns the new name. */
function setAside(source: string) {
  const aside = `${source}.moved-${new Date().toISOString().replace(/[:.]/g, '-')}`
  for (const suffix of ['-wal', '-shm', '']) {
    if (existsSync(`${source}${suffix}`)) renameSync(`${source}${suffix}`, `${aside}${suffix}`)
  }
  return aside
}

/**
 * Moves the organisation to machine `to`. Resolves once requests reach the new machine;
 * `firstWrite` resolves once a write landed there and the old file is removed (`stop`
 * ends that wait, leaving the old file aside).
 */
export async function moveOrganisation(input: MoveInput) {
  const { directory, machines, organisationId, to } = input
  const { from, fromDir, toDir, source } = await checkMove(input)
  const target = getOrganisationFile(toDir, organisationId)
  writeMoveMarker(fromDir, organisationId, { stage: 'moving', machine: to })
  // The new machine serves nothing of it before requests are routed there: its copy is
  // not yet the organisation (a move given up removes it). Moving back, its marker of the
  // earlier move away says so already, and is put back if this move is given up.
  const earlierMarker = readMoveMarker(toDir, organisationId)
  writeMoveMarker(toDir, organisationId, { stage: 'moved', machine: from })
  let release: (() => void) | undefined
  let isRouted = false
  try {
    release = holdWriteLock(source)
    await input.whileReadOnly?.()
    placeCopy(source, target, organisationId)
    await directory.placeOrganisation(organisationId, to, Date.now())
    await writePlacementsMap(directory, machines.haproxy.mapFile)
    await routeToMachine(machines.haproxy, organisationId, to)
    isRouted = true
    // Served there from now on: by its file, even where a process has not read the new
    // placement yet (OrganisationCache.holds).
    removeMoveMarker(toDir, organisationId)
    writeMoveMarker(fromDir, organisationId, { stage: 'moved', machine: to })
  } catch (error) {
    if (!isRouted) {
      // No request reached the new machine: the organisation stays where it was, writable.
      await directory.placeOrganisation(organisationId, from, Date.now())
      await writePlacementsMap(directory, machines.haproxy.mapFile)
      rmSync(target, { force: true })
      if (earlierMarker) writeMoveMarker(toDir, organisationId, earlierMarker)
      else removeMoveMarker(toDir, organisationId)
      removeMoveMarker(fromDir, organisationId)
    }
    throw error
  } finally {
    release?.()
  }
  const aside = setAside(source)
  return { from, to, aside, ...waitForFirstWrite(target, aside) }
}
