import { readFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * What `npm run organisation:move` must know of the machines (README, Two machines):
 * each machine's organisation files (its DATA_DIR), which one holds the organisations
 * without a placement, and HAProxy's stats socket and placements map. `npm run
 * start:cluster` with MACHINES writes it to DATA_DIR/cluster/machines.json.
 */
export const MachinesSchema = z.object({
  home: z.string().min(1),
  machines: z.record(
    z.string().regex(/^[a-z0-9][a-z0-9-]{0,30}$/),
    z.object({ dataDir: z.string().min(1) }),
  ),
  haproxy: z.object({ socket: z.string().min(1), mapFile: z.string().min(1) }),
})
export type Machines = z.infer<typeof MachinesSchema>

/** Reads and checks the machines file; throws naming the file on anything wrong. */
export function readMachinesFile(file: string): Machines {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    throw new Error(`no machines file at ${file} (MACHINES_FILE)`)
  }
  const parsed = MachinesSchema.safeParse(JSON.parse(text))
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.message}`)
  if (!parsed.data.machines[parsed.data.home]) {
    throw new Error(`${file}: home machine ${parsed.data.home} is not among the machines`)
  }
  return parsed.data
}
