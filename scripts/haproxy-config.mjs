// HAProxy's configuration for several Centraal processes, from deploy/haproxy.template.cfg.
// Plain JavaScript: `npm run start:cluster` runs it under node, and the tests start their
// HAProxy with the same configuration.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const template = fileURLToPath(new URL('../deploy/haproxy.template.cfg', import.meta.url))
// The backend block's first line ('default_backend centraal_processes' must not match).
const DEFAULT_BACKEND = '\nbackend centraal_processes'

/** The backend a machine's organisations are sent to (the placements map's values). */
export const machineBackend = (machine) => `machine_${machine}`

const serverLines = (processes) =>
  processes.map(({ name, address }) => `  server ${name} ${address} check`).join('\n')

/**
 * Several machines: the routing cookie (a hash of the organisation's id) is looked up in
 * the placements map, whose values are machine backends; a request without the cookie, or
 * with a route the map does not hold (an organisation on the home machine), goes to the
 * home machine's processes as with one machine.
 */
function machineRouting(mapFile) {
  return [
    '  # Each organisation to the machine holding its file: the placements map, kept by',
    '  # `npm run organisation:move` (and changed at run time through the stats socket).',
    `  http-request set-var(txn.machine) req.cook(centraal_route),map(${mapFile})`,
    '  use_backend %[var(txn.machine)] if { var(txn.machine) -m found }',
  ].join('\n')
}

/**
 * The configuration text: HAProxy listens on `bind` (host:port), keeps its statistics
 * socket at `statsSocket`, and spreads organisations over `processes` (each a name and
 * the host:port it listens on). With `machines` (each a name and its processes, the first
 * the home machine) and `mapFile` (the placements map, which must exist), each machine
 * has its backend and every organisation goes to the one its placement names.
 */
export function createHaproxyConfig({ bind, statsSocket, processes, machines, mapFile }) {
  const text = readFileSync(template, 'utf8')
    .replace('{{BIND}}', bind)
    .replace('{{STATS_SOCKET}}', statsSocket)
  if (!machines) {
    return text
      .replace('{{STATS_LEVEL}}', 'user')
      .replace('{{MACHINE_ROUTING}}\n', '')
      .replace('{{SERVERS}}', serverLines(processes))
  }
  const start = text.indexOf(DEFAULT_BACKEND)
  const backend = text.slice(start)
  const perMachine = machines.map(({ name, processes: own }) =>
    backend
      .replace(DEFAULT_BACKEND, `\nbackend ${machineBackend(name)}`)
      .replace('{{SERVERS}}', serverLines(own)),
  )
  return [
    text
      .slice(0, start)
      .replace('{{STATS_LEVEL}}', 'admin')
      .replace('{{MACHINE_ROUTING}}', machineRouting(mapFile)),
    backend.replace('{{SERVERS}}', serverLines(machines[0].processes)),
    ...perMachine,
  ].join('\n')
}
