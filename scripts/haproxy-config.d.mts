type Process = { name: string; address: string }

/** HAProxy's configuration text for several Centraal processes (deploy/haproxy.template.cfg). */
export function createHaproxyConfig(options: {
  bind: string
  statsSocket: string
  processes: Process[]
  /** Several machines, the first the home machine; with `mapFile`, the placements map. */
  machines?: { name: string; processes: Process[] }[]
  mapFile?: string
}): string

/** The backend of a machine's processes. */
export function machineBackend(machine: string): string
