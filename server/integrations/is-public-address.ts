import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

// Loopback, private, link-local and other non-public ranges a webhook may not reach
// (server-side request forgery).
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** True when every address the URL's host resolves to is public. */
export async function isPublicUrl(url: string): Promise<boolean> {
  const { hostname } = new URL(url)
  const host = hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) }]
    : await lookup(host, { all: true })
  return addresses.every(
    ({ address, family }) => !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4'),
  )
}
