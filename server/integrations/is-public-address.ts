import { type LookupAddress, type LookupOptions, lookup } from 'node:dns'
import { BlockList, isIP } from 'node:net'

// Loopback, private, link-local, shared, reserved and other non-public ranges a webhook
// may not reach (server-side request forgery), including the IPv6 forms that carry an
// IPv4 address inside (mapped, NAT64, 6to4, Teredo).
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

// IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) in a list of their own: BlockList matches an
// IPv4 address against IPv6 rules as its mapped form, so this rule in the list above would
// block every IPv4 address.
const mapped = new BlockList()
mapped.addSubnet('::ffff:0:0', 96, 'ipv6')

/** True when the address is on the public internet (not loopback, private, reserved...). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return false
  if (family === 6 && mapped.check(address, 'ipv6')) return false
  return !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * A drop-in for dns.lookup that answers only public addresses, for the connection itself:
 * the address checked is the address connected to, so a name that answers public first
 * and private next (DNS rebinding) cannot reach inside. `resolve` is dns.lookup unless a
 * test gives another.
 */
export function createPublicLookup(resolve: typeof lookup = lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '')
      const usable = addresses.filter((entry) => isPublicAddress(entry.address))
      if (usable.length === 0 || usable.length !== addresses.length) {
        const refused = Object.assign(new Error(`${hostname} wijst naar een niet-openbaar adres`), {
          code: 'EPRIVATEADDRESS',
        })
        return callback(refused, '')
      }
      if (options.all) return callback(null, usable)
      const [first] = usable as [LookupAddress]
      callback(null, first.address, first.family)
    })
  }
}
