// HAProxy's configuration for several Centraal processes on one machine, from
// deploy/haproxy.template.cfg. Plain JavaScript: `npm run start:cluster` runs it under node,
// and the tests start their HAProxy with the same configuration.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const template = fileURLToPath(new URL('../deploy/haproxy.template.cfg', import.meta.url))

/**
 * The configuration text: HAProxy listens on `bind` (host:port), keeps its statistics
 * socket at `statsSocket`, and spreads organisations over `processes` (each a name and
 * the host:port it listens on).
 */
export function createHaproxyConfig({ bind, statsSocket, processes }) {
  const servers = processes
    .map(({ name, address }) => `  server ${name} ${address} check`)
    .join('\n')
  return readFileSync(template, 'utf8')
    .replace('{{BIND}}', bind)
    .replace('{{STATS_SOCKET}}', statsSocket)
    .replace('{{SERVERS}}', servers)
}
