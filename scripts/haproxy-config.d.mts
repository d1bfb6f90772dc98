/** HAProxy's configuration text for several Centraal processes (deploy/haproxy.template.cfg). */
export function createHaproxyConfig(options: {
  bind: string
  statsSocket: string
  processes: { name: string; address: string }[]
}): string
