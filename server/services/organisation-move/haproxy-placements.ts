import { renameSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import { getOrganisationRoute } from '../../auth/routing-cookie.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'

// HAProxy's placements map (deploy/haproxy.template.cfg with several machines): a routing
// cookie's value, the hash of an organisation's id, to the backend of the machine holding
// the organisation. The file is what HAProxy reads at a start or reload; a move changes the
// running HAProxy through its stats socket as well.

/** The backend of a machine's processes (scripts/haproxy-config.mjs names them alike). */
export const machineBackend = (machine: string) => `machine_${machine}`

/** One command on HAProxy's stats socket (level admin); resolves with its answer. */
export function sendHaproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath)
    let answer = ''
    socket.setTimeout(5000, () => socket.destroy(new Error('haproxy: no answer within 5 s')))
    socket.on('data', (chunk) => {
      answer += chunk.toString()
    })
    socket.on('end', () => resolve(answer.trim()))
    socket.on('error', reject)
    socket.end(`${command}\n`)
  })
}

/**
 * Points the running HAProxy's map entry for the organisation at the machine: `set map`
 * when the entry is there, `add map` when not. Anything else HAProxy answers is an error.
 */
export async function routeToMachine(
  haproxy: { socket: string; mapFile: string },
  organisationId: string,
  machine: string,
) {
  const route = getOrganisationRoute(organisationId)
  const backend = machineBackend(machine)
  const set = await sendHaproxyCommand(
    haproxy.socket,
    `set map ${haproxy.mapFile} ${route} ${backend}`,
  )
  if (set === '') return
  if (!/entry not found/i.test(set)) throw new Error(`haproxy: set map: ${set}`)
  const add = await sendHaproxyCommand(
    haproxy.socket,
    `add map ${haproxy.mapFile} ${route} ${backend}`,
  )
  if (add !== '') throw new Error(`haproxy: add map: ${add}`)
}

/** The map file from the system directory's placements, written whole (a reload reads it). */
export async function writePlacementsMap(directory: SystemDirectory, mapFile: string) {
  const placements = await directory.listPlacements()
  const lines = placements.map(
    ({ organisationId, machine }) =>
      `${getOrganisationRoute(organisationId)} ${machineBackend(machine)}`,
  )
  writeFileSync(`${mapFile}.tmp`, lines.map((line) => `${line}\n`).join(''))
  renameSync(`${mapFile}.tmp`, mapFile)
}
