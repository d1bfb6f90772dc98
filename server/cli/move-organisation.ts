import path from 'node:path'
import { openSystemDb } from '../db/system-db.ts'
import { loadEnv } from '../env.ts'
import { readMachinesFile } from '../services/organisation-move/machines-file.ts'
import { MoveRefused, moveOrganisation } from '../services/organisation-move/move-organisation.ts'
import { openSystemDirectory } from '../system-directory/open-system-directory.ts'

// npm run organisation:move -- <organisation id> <machine>
// Moves an organisation's file to another machine of those in the machines file
// (MACHINES_FILE, default DATA_DIR/cluster/machines.json, written by `npm run
// start:cluster` with MACHINES=2): read-only where it is, copied, opened there, HAProxy's
// map changed; then waits for the first write on the new machine to remove the old file.
// An operator's command: no request of a tenant can start it (decision 048).
const usage = 'Usage: npm run organisation:move -- <organisation id> <machine>'

const [organisationId, to, ...rest] = process.argv.slice(2)
if (!organisationId || !to || rest.length > 0) {
  console.error(usage)
  process.exit(1)
}
const env = loadEnv()
const machinesFile =
  process.env.MACHINES_FILE ?? path.join(env.DATA_DIR, 'cluster', 'machines.json')
const systemDb = openSystemDb(env.SYSTEM_DIR)
const directory = await openSystemDirectory({ databaseUrl: env.DATABASE_URL, systemDb })
try {
  const machines = readMachinesFile(machinesFile)
  const move = await moveOrganisation({ directory, machines, organisationId, to })
  console.log(`${organisationId}: moved from ${move.from} to ${move.to}; requests reach ${move.to}`)
  console.log(
    `the old file waits as ${move.aside} until the first write on ${move.to} (Ctrl-C or SIGTERM keeps it)`,
  )
  process.once('SIGINT', move.stop)
  process.once('SIGTERM', move.stop)
  const end = await move.firstWrite
  console.log(
    end === 'written' ? 'first write landed; old file removed' : `old file kept: ${move.aside}`,
  )
} catch (error) {
  console.error(error instanceof MoveRefused ? `refused: ${error.message}` : error)
  process.exitCode = 1
} finally {
  await directory.close()
  systemDb.$client.close()
}
