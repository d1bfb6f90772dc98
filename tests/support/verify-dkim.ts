import { createHash, createPublicKey, verify } from 'node:crypto'

// A DKIM check (RFC 6376) of a received message against a known public key, for the
// tests only: `mailauth` would do it (and the DNS lookup), but it is not a dependency and
// this is the one place that needs it. Relaxed and simple canonicalisation, rsa-sha256
// and ed25519-sha256: what nodemailer signs with.

type Header = { name: string; raw: string }

function splitMessage(raw: string) {
  const at = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, at + 2)
  const body = raw.slice(at + 4)
  const headers: Header[] = []
  for (const line of head.split(/\r\n(?![ \t])/)) {
    if (!line) continue
    headers.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), raw: line })
  }
  return { headers, body }
}

function relaxedHeader(raw: string) {
  const colon = raw.indexOf(':')
  const name = raw.slice(0, colon).trim().toLowerCase()
  const value = raw
    .slice(colon + 1)
    .replace(/\r\n/g, '')
    .replace(/[ \t]+/g, ' ')
    .trim()
  return `${name}:${value}`
}

function canonicalBody(body: string, mode: string) {
  let lines = body.split('\r\n')
  if (mode === 'relaxed')
    lines = lines.map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''))
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines.length === 0 ? (mode === 'relaxed' ? '' : '\r\n') : `${lines.join('\r\n')}\r\n`
}

/** Whether the message's DKIM-Signature verifies with `publicKeyPem`; the reason if not. */
export function verifyDkim(
  raw: string,
  publicKeyPem: string,
): { ok: boolean; reason?: string; domain?: string; selector?: string } {
  const { headers, body } = splitMessage(raw)
  const signature = headers.find((header) => header.name === 'dkim-signature')
  if (!signature) return { ok: false, reason: 'no DKIM-Signature' }
  const value = signature.raw.slice(signature.raw.indexOf(':') + 1).replace(/\r\n/g, '')
  const tags = Object.fromEntries(
    value.split(';').map((part) => {
      const [name, ...rest] = part.split('=')
      return [name?.trim(), rest.join('=').replace(/\s+/g, '')]
    }),
  ) as Record<string, string>
  const [headerMode = 'simple', bodyMode = 'simple'] = (tags.c ?? 'simple/simple').split('/')
  const bodyHash = createHash('sha256').update(canonicalBody(body, bodyMode)).digest('base64')
  if (bodyHash !== tags.bh) return { ok: false, reason: 'body hash differs' }
  const used = new Map<string, number>()
  const signed: string[] = []
  for (const name of (tags.h ?? '').split(':').map((n) => n.trim().toLowerCase())) {
    // Each listed name takes the next instance from the bottom.
    const instances = headers.filter((header) => header.name === name)
    const taken = used.get(name) ?? 0
    const header = instances[instances.length - 1 - taken]
    used.set(name, taken + 1)
    if (header) signed.push(headerMode === 'relaxed' ? relaxedHeader(header.raw) : header.raw)
  }
  const own = signature.raw.replace(/(\bb=)[^;]*/, '$1')
  signed.push(headerMode === 'relaxed' ? relaxedHeader(own) : own)
  const data = Buffer.from(signed.join('\r\n'))
  const key = createPublicKey(publicKeyPem)
  const ok =
    tags.a === 'ed25519-sha256'
      ? verify(
          null,
          createHash('sha256').update(data).digest(),
          key,
          Buffer.from(tags.b ?? '', 'base64'),
        )
      : verify('sha256', data, key, Buffer.from(tags.b ?? '', 'base64'))
  return ok ? { ok, domain: tags.d, selector: tags.s } : { ok, reason: 'signature does not verify' }
}
