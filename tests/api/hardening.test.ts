import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { strFromU8, unzipSync, Zip, type ZipInputFile } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { startServerProcess } from '../support/server-process.ts'
import { openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type Choice = Extract<Login, { choice: unknown }>
type Chosen = InferResponseType<TypedApi['auth']['login']['choose']['$post'], 200>

let server: TestServer
let port: string

beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'centraal-web-'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="nl"></html>')
  server = await startTestServer({}, { webRoot })
  port = new URL(server.url).port
})
afterAll(async () => {
  await server?.close()
})

/** A request with the Host (and other headers) a browser on that name would send. */
function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}${url}`,
      {
        method,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
        )
      },
    )
    request.on('error', reject)
    request.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

describe('the browser is told what to trust', () => {
  test.each(['/', '/api/health', '/api/users'])('%s carries the security headers', async (url) => {
    const answer = await send('GET', url, { host: `localhost:${port}` })
    const csp = String(answer.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(answer.headers['x-frame-options']).toBe('DENY')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(answer.headers['permissions-policy']).toContain('camera=()')
    // Served over plain HTTP: no HSTS, which would lock a LAN address out of HTTP.
    expect(answer.headers['strict-transport-security']).toBeUndefined()
  })

  test('HSTS once PUBLIC_URL is https', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://centraal.example' })
    try {
      const answer = await fetch(`${https.url}/api/health`)
      expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=31536000/)
    } finally {
      await https.close()
    }
  })
})

describe('host names', () => {
  test('a name that merely resolves here is not served (DNS rebinding)', async () => {
    for (const url of ['/', '/api/health']) {
      expect((await send('GET', url, { host: `rebind.attacker.example:${port}` })).status).toBe(421)
    }
    const setup = await send(
      'POST',
      '/api/auth/simple-setup',
      {
        host: `rebind.attacker.example:${port}`,
        origin: `http://rebind.attacker.example:${port}`,
      },
      { name: 'Aanvaller', email: 'attacker@example.com', password: 'long enough 1' },
    )
    expect(setup.status).toBe(421)
    // Nothing was set up: the real first administrator can still do it.
    const system = openSystemFile(server.dataDir)
    expect(system.prepare('select count(*) from login_directory').pluck().get()).toBe(0)
    system.close()
  })

  test('PUBLIC_URL, SALES_HOST and loopback names are served', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `sales.localhost:${port}`]) {
      expect((await send('GET', '/api/health', { host })).status).toBe(200)
    }
  })

  test('a write whose Origin is another host is refused, even to a served host', async () => {
    const answer = await send(
      'POST',
      '/api/auth/login/email',
      { host: `localhost:${port}`, origin: 'http://attacker.example' },
      { email: 'x@example.com', password: 'x' },
    )
    expect(answer.status).toBe(403)
  })
})

describe('sessions', () => {
  test('a session ends 30 days after sign-in, however much it is used', async () => {
    const client = await signInInvitedUser(server, { email: 'old@example.com', role: 'USER' })
    expect((await client.get('/api/auth/user')).status).toBe(200)
    const system = openSystemFile(server.dataDir)
    const month = 31 * 24 * 60 * 60 * 1000
    // Used yesterday (its sliding expiry is far away), but opened 31 days ago.
    system
      .prepare(
        "update sessions set expire = ?, sess = json_set(sess, '$.createdAt', ?) where user_id = (select user_id from login_directory where email = ?)",
      )
      .run(Date.now() + month, Date.now() - month, 'old@example.com')
    system.close()
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })
})

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestServer

  beforeAll(async () => {
    proxied = await startTestServer({ TRUST_PROXY: 'true' })
    await signInInvitedUser(proxied, { email: 'anna@example.com', role: 'USER' })
  })
  afterAll(async () => {
    await proxied?.close()
  })

  const signIn = (from: string, password: string, email = 'anna@example.com') =>
    fetch(`${proxied.url}/api/auth/login/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // A client may send its own X-Forwarded-For; the proxy appends the real address.
        'x-forwarded-for': `6.6.6.6, ${from}`,
      },
      body: JSON.stringify({ email, password }),
    })

  test('one address failing 60 times locks out only that address', async () => {
    for (let attempt = 0; attempt < 60; attempt++) {
      await signIn('198.51.100.7', 'wrong password', `nobody-${attempt}@example.com`)
    }
    const blocked = await signIn('198.51.100.7', 'USER password')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await signIn('203.0.113.9', 'USER password')).status).toBe(200)
  })

  test("five wrong passwords for an account from one address do not lock its owner's address", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('192.0.2.44', 'wrong password')).status).toBe(401)
    }
    expect((await signIn('192.0.2.44', 'USER password')).status).toBe(429)
    expect((await signIn('192.0.2.45', 'USER password')).status).toBe(200)
  })

  const from = (address: string) => ({
    'content-type': 'application/json',
    'x-forwarded-for': `6.6.6.6, ${address}`,
  })
  const post = (url: string, address: string, body: unknown) =>
    fetch(`${proxied.url}${url}`, {
      method: 'POST',
      headers: from(address),
      body: JSON.stringify(body),
    })

  test('organisation choices are counted with the sign-in throttle at both doors: guessed tokens end in 429, for that address only', async () => {
    // A person in two organisations, the same address and password in both.
    const person = { email: 'twee@example.com', password: 'twee organisaties' }
    await createOrganisation(proxied.deps, { id: 'org-t', name: 'T', slug: 'org-t' })
    for (const org of ['default-org', 'org-t']) {
      const { token } = await inviteWithSetupLink(proxied.deps, {
        ...person,
        role: 'USER',
        name: 'Twee',
        org,
      })
      expect((await post(`/api/auth/setup/${token}`, '192.0.2.1', person)).status).toBe(200)
    }
    // One token tried five times waits on its own, at either door.
    for (const door of ['/api/auth/login/choose', '/api/gold-estates/auth/login/choose']) {
      const guess = () =>
        post(door, '198.51.100.20', { choiceToken: 'b'.repeat(32), organisationId: 'org-t' })
      for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).status).toBe(401)
      const blocked = await guess()
      expect(blocked.status).toBe(429)
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await blocked.json()) as ErrorAnswer).message).toBe(
        'Te veel pogingen. Probeer het later opnieuw.',
      )
    }
    // A new token each time: the address's failures, sign-ins and choices together, end in
    // 429 at 50, as failed sign-ins do.
    const letter = (n: number) => String.fromCharCode(97 + n)
    const tokens = Array.from({ length: 40 }, (_, i) =>
      `c${letter(i % 26)}${letter(Math.floor(i / 26))}`.padEnd(32, 'a'),
    )
    for (const [index, choiceToken] of tokens.entries()) {
      const door = index % 2 ? '/api/gold-estates/auth/login/choose' : '/api/auth/login/choose'
      const answer = await post(door, '198.51.100.20', { choiceToken, organisationId: 'org-t' })
      expect(answer.status).toBe(401)
    }
    const fresh = await post('/api/auth/login/choose', '198.51.100.20', {
      choiceToken: 'd'.repeat(32),
      organisationId: 'org-t',
    })
    expect(fresh.status).toBe(429)
    // The one count: from the locked address even the person's right password waits; from
    // their own address their sign-in and choice open.
    expect((await post('/api/auth/login/email', '198.51.100.20', person)).status).toBe(429)
    const choiceFrom = async (address: string) => {
      const answer = await post('/api/auth/login/email', address, person)
      expect(answer.status).toBe(200)
      const { choiceToken } = ((await answer.json()) as Choice).choice
      return post('/api/auth/login/choose', address, { choiceToken, organisationId: 'org-t' })
    }
    const own = await choiceFrom('198.51.100.21')
    expect(own.status, await own.clone().text()).toBe(200)
    expect(((await own.json()) as Chosen).user.email).toBe(person.email)
  })
})

describe('cookies follow PUBLIC_URL', () => {
  const setupBody = {
    name: 'Eerste Beheerder',
    email: 'root@example.com',
    password: 'lang genoeg 1',
  }

  test('over https: Secure and __Host- prefixed', async () => {
    const https = await startTestServer({ PUBLIC_URL: 'https://centraal.example' })
    try {
      const answer = await fetch(`${https.url}/api/auth/simple-setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(setupBody),
      })
      expect(answer.headers.get('set-cookie')).toMatch(/^__Host-centraal_session=.*; Secure/)
      // HAProxy's routing cookie keeps a fixed name, and is Secure too.
      const route = answer.headers.getSetCookie().find((line) => line.startsWith('centraal_route='))
      expect(route).toMatch(/; Secure/)
    } finally {
      await https.close()
    }
  })

  test('over http, a forwarded https claim does not make it Secure', async () => {
    const plain = await startTestServer()
    try {
      const answer = await fetch(`${plain.url}/api/auth/simple-setup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify(setupBody),
      })
      const cookie = answer.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/^centraal_session=/)
      expect(cookie).not.toMatch(/Secure/)
    } finally {
      await plain.close()
    }
  })
})

test('a CSV backup neutralises cells that a spreadsheet would run as a formula', async () => {
  const csvServer = await startTestServer()
  try {
    const owner = await signInFirstSuperadmin(csvServer)
    const stranger = { name: '=HYPERLINK("http://evil.example")', email: 'x@example.com' }
    await createClient(csvServer.url).post('/api/auth/register/email', {
      ...stranger,
      password: 'long enough 1',
    })
    const response = await fetch(`${csvServer.url}/api/admin/backup`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
      body: JSON.stringify({ format: 'csv' }),
    })
    expect(response.status).toBe(200)
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const users = strFromU8(files['users.csv'] as Uint8Array)
    expect(users).toContain(`"'=HYPERLINK(""http://evil.example"")"`)
    expect(users).not.toMatch(/(^|,)"?=HYPERLINK/m)
  } finally {
    await csvServer.close()
  }
})

/** An .xlsx-looking zip whose one sheet inflates to `megabytes` of zeros. */
function buildZipBomb(megabytes: number): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    parts.push(chunk)
  })
  // Deflated by zlib: fflate's deflate took 13 s for these 300 MB, zlib under one.
  const zeros = new Uint8Array(megabytes * 1024 * 1024)
  const sheet: ZipInputFile = {
    filename: 'xl/worksheets/sheet1.xml',
    compression: 8,
    size: zeros.length,
    crc: crc32(zeros),
  }
  zip.add(sheet)
  sheet.ondata?.(null, deflateRawSync(zeros, { level: 1 }), true)
  zip.end()
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  // The central directory lies: it says the sheet unpacks to 1 kB.
  const view = new DataView(bytes.buffer)
  for (let at = bytes.length - 22; at >= 0; at--) {
    if (view.getUint32(at, true) === 0x02014b50) {
      view.setUint32(at + 24, 1024, true)
      break
    }
  }
  return bytes
}

/** Streams `megabytes` of `fill` as a restore body, stopping once the server has answered. */
function streamRestore(url: string, cookie: string, megabytes: number, fill: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    let answered = false
    const request = http.request(`${url}/api/admin/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
    })
    request.on('response', (response) => {
      answered = true
      let text = ''
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    const piece = Buffer.alloc(1024 * 1024, fill)
    let sent = 0
    const writeMore = () => {
      while (!answered && sent < megabytes) {
        sent++
        if (!request.write(piece)) return void request.once('drain', writeMore)
      }
      request.end()
    }
    writeMore()
  })
}

describe('one request cannot hurt everyone', () => {
  // The server in a process of its own, so its memory is measured without the test's.
  let restoreServer: Awaited<ReturnType<typeof startServerProcess>>
  let owner: Client
  let cookie: string
  let bomb: Uint8Array<ArrayBuffer>

  beforeAll(async () => {
    // Built before any connection: it takes seconds, longer than an idle keep-alive lives.
    bomb = buildZipBomb(300)
    restoreServer = await startServerProcess(mkdtempSync(path.join(tmpdir(), 'centraal-test-')))
    owner = createClient(restoreServer.url)
    const setup = await owner.post('/api/auth/simple-setup', {
      name: 'Eerste Beheerder',
      email: 'root@example.com',
      password: 'lang genoeg 1',
    })
    expect(setup.status).toBe(201)
    cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  })
  afterAll(async () => {
    await restoreServer?.close()
  })

  test.each([
    ['empty lines', '\n', /geen JSON-backup/],
    ['one endless line in another layout', ' ', /hoogstens 2 MiB/],
  ])(
    "a 200 MB restore body of %s is refused within seconds, the server's memory bounded",
    async (_name, fill, message) => {
      const baseline = restoreServer.residentMb()
      restoreServer.resetPeak()
      const started = Date.now()
      const answer = await streamRestore(restoreServer.url, cookie, 200, fill)
      expect(answer.status).toBe(400)
      expect(JSON.parse(answer.text).message).toMatch(message)
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(restoreServer.peakMb() - baseline).toBeLessThan(100)
      expect((await fetch(`${restoreServer.url}/api/health`)).status).toBe(200)
    },
    60_000,
  )

  test('an .xlsx whose zip lies about its size is stopped while unpacking', async () => {
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024)
    expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    // The file is read in the heavy-work worker thread: started first (a backup) so that
    // its fixed cost, which from source includes tsx in that thread, is in the baseline
    // and the figure is what the bomb costs.
    expect((await owner.post('/api/admin/backup', { format: 'json' })).status).toBe(200)
    const baseline = restoreServer.residentMb()
    restoreServer.resetPeak()
    // A connection of its own: a pooled one may have been closed by the server meanwhile.
    const response = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${restoreServer.url}/api/gold-estates/sheets/import`, {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(bomb.length),
          cookie: [...owner.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        },
      })
      request.on('response', (answer) => {
        let text = ''
        answer.on('data', (chunk) => (text += chunk))
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, text }))
      })
      request.on('error', reject)
      request.end(Buffer.from(bomb))
    })
    expect(response.status).toBe(413)
    expect(JSON.parse(response.text).message).toMatch(/uitgepakt te groot/)
    expect(restoreServer.peakMb() - baseline).toBeLessThan(100)
    expect((await fetch(`${restoreServer.url}/api/health`)).status).toBe(200)
  }, 60_000)

  test('a restore whose body arrives slowly holds up no one: a backup still runs meanwhile', async () => {
    // The first is still arriving: its header line is in, its rows are not. The heavy-work
    // slot is taken only once a body is on disk.
    const first = http.request(`${restoreServer.url}/api/admin/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
    })
    first.on('error', () => undefined)
    // Sent (handed to the loopback socket) before the backup is asked: nothing answers it
    // until the body ends.
    await new Promise((resolve) =>
      first.write('{"format":"centraal-backup","formatVersion":2,"tables":{\n', resolve),
    )
    const backup = await fetch(`${restoreServer.url}/api/admin/backup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ format: 'json' }),
    })
    expect(backup.status).toBe(200)
    first.destroy()
  }, 60_000)
})
