import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectRefusal } from '../support/api-refusals.ts'
import { queryDirectory } from '../support/directory-tables.ts'
import { createClient } from '../support/http.ts'
import { runSetupTokenCommand } from '../support/setup-token-command.ts'
import { openOrganisationFile, openSystemFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type SignedIn = Extract<Login, { user: unknown }>
type SetUp = InferResponseType<TypedApi['auth']['simple-setup']['$post'], 201>
type Registered = InferResponseType<TypedApi['auth']['register']['email']['$post'], 201>

let server: TestServer
const admin = { name: 'Ada Admin', email: 'ada@example.com', password: 'correct horse battery' }

beforeAll(async () => {
  // Open registration: these tests register and sign in at once (approval: registration.test.ts).
  // The product's argon2 parameters, not the other files' cheap ones: the stored hash is
  // checked below.
  server = await startTestServer({ REGISTRATION: 'open', TEST_PASSWORD_HASHING: '' })
})
afterAll(() => server.close())

describe('POST /api/auth/simple-setup', () => {
  test('refuses bad bodies with 400 { message, errors } and creates nothing', async () => {
    const client = createClient(server.url)
    const malformed = await client.post('/api/auth/simple-setup', '{"name": ')
    expect(malformed.status).toBe(400)
    expect(malformed.json).toMatchObject({
      message: expect.any(String),
      errors: expect.any(Array),
    } satisfies PartOf<ErrorAnswer>)
    const short = await client.post('/api/auth/simple-setup', { ...admin, password: 'short' })
    expectRefusal(short, 400, /minimaal 8 karakters/)
    expect((short.json as ErrorAnswer).errors?.[0]?.path).toBe('password')
    const noEmail = await client.post('/api/auth/simple-setup', {
      name: 'X Y',
      password: 'long enough',
    })
    expect(noEmail.status).toBe(400)
    const db = openOrganisationFile(server.dataDir)
    expect(db.prepare('select count(*) from users').pluck().get()).toBe(0)
    db.close()
  })

  test('creates the first SUPERADMIN, signs it in with a safe cookie', async () => {
    const client = createClient(server.url)
    const response = await client.post('/api/auth/simple-setup', admin)
    expect(response.status).toBe(201)
    expect((response.json as SetUp).user).toMatchObject({
      name: admin.name,
      email: admin.email,
      role: 'SUPERADMIN',
    })
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^centraal_session=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(cookie).toMatch(/Path=\//)
    const me = await client.get('/api/auth/user')
    expect(me.status).toBe(200)
    expect(Object.keys(me.json as User).sort()).toEqual(
      [
        'email',
        'id',
        'lastRestore',
        'name',
        'organisationName',
        'organizationId',
        'otherOrganisations',
        'permissions',
        'profileImageUrl',
        'role',
        'status',
      ].sort(),
    )
    expect(me.json).toMatchObject({
      role: 'SUPERADMIN',
      status: 'active',
      organizationId: 'default-org',
      otherOrganisations: [],
      lastRestore: null,
    } satisfies PartOf<User>)
    expect(typeof (me.json as User).organisationName).toBe('string')
  })

  test('answers 409 "already exists" once a SUPERADMIN exists, and changes nothing', async () => {
    const response = await createClient(server.url).post('/api/auth/simple-setup', {
      name: 'Mallory',
      email: 'mallory@example.com',
      password: 'another password',
    })
    expect(response.status).toBe(409)
    expect((response.json as ErrorAnswer).message).toContain('already exists')
    const db = openOrganisationFile(server.dataDir)
    expect(db.prepare('select email from users').pluck().all()).toEqual([admin.email])
    db.close()
  })

  test('keeps every password hash in the organisation file, none in system.sqlite', () => {
    const org = openOrganisationFile(server.dataDir)
    const hash = org
      .prepare('select password_hash from users where email = ?')
      .pluck()
      .get(admin.email)
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    org.close()
    const system = openSystemFile(server.dataDir)
    const tables = system
      .prepare("select name from sqlite_master where type = 'table'")
      .pluck()
      .all() as string[]
    for (const table of tables) {
      const rows = JSON.stringify(system.prepare(`select * from "${table}"`).all())
      expect(rows).not.toContain('$argon2')
    }
    system.close()
  })
})

describe('POST /api/auth/register/email and login', () => {
  const user = { name: 'Uma User', email: 'uma@example.com', password: 'uma password 1' }

  test('registers a USER in default-org without signing in', async () => {
    const client = createClient(server.url)
    const response = await client.post('/api/auth/register/email', {
      ...user,
      organizationId: 'default-org',
    })
    expect(response.status).toBe(201)
    expect((response.json as Registered).status).toBe('active')
    expect(JSON.stringify(response.json)).not.toMatch(/argon2|password/i)
    // No session: only the sealed remembered account (decision 033), which opens nothing.
    const cookies = response.headers.getSetCookie().map((line) => line.split('=')[0])
    expect(cookies).toEqual(['centraal_last_account'])
  })

  test('answers a duplicate e-mail in any letter case as a free one, and changes nothing', async () => {
    const response = await createClient(server.url).post('/api/auth/register/email', {
      ...user,
      email: 'UMA@example.com',
      password: 'another password 1',
      organizationId: 'default-org',
    })
    expect(response.status).toBe(201)
    expect(response.json).toEqual({
      message: 'Registratie geslaagd',
      status: 'active',
    } satisfies Registered)
    const signIn = await createClient(server.url).post('/api/auth/login/email', {
      email: 'uma@example.com',
      password: 'another password 1',
    })
    expect(signIn.status).toBe(401)
  })

  test('refuses another organisation and bad fields with 400', async () => {
    const client = createClient(server.url)
    const otherOrg = await client.post('/api/auth/register/email', {
      ...user,
      email: 'o@example.com',
      organizationId: 'other-org',
    })
    expect(otherOrg.status).toBe(400)
    const shortName = await client.post('/api/auth/register/email', {
      ...user,
      name: 'U',
      email: 'u2@example.com',
    })
    expect(shortName.status).toBe(400)
    expect((shortName.json as ErrorAnswer).errors?.[0]?.path).toBe('name')
  })

  test('signs in with the e-mail in any letter case', async () => {
    const client = createClient(server.url)
    const response = await client.post('/api/auth/login/email', {
      email: '  Uma@Example.COM ',
      password: user.password,
    })
    expect(response.status).toBe(200)
    expect((response.json as SignedIn).user.email).toBe(user.email)
    expect(((await client.get('/api/auth/user')).json as User).role).toBe('USER')
  })

  test('gives a wrong e-mail and a wrong password the same 401', async () => {
    const client = createClient(server.url)
    const wrongPassword = await client.post('/api/auth/login/email', {
      email: user.email,
      password: 'nope nope',
    })
    const wrongEmail = await client.post('/api/auth/login/email', {
      email: 'nobody@example.com',
      password: 'x',
    })
    expect(wrongPassword.status).toBe(401)
    expect(wrongEmail.status).toBe(401)
    expect(wrongPassword.json).toEqual(wrongEmail.json)
    expect(wrongPassword.headers.get('set-cookie')).toBeNull()
  })

  test('a missing password is 400, not a failed attempt', async () => {
    const response = await createClient(server.url).post('/api/auth/login/email', {
      email: user.email,
    })
    expect(response.status).toBe(400)
  })
})

describe('sessions', () => {
  test('logout ends the session and clears the cookie', async () => {
    const client = createClient(server.url)
    await client.post('/api/auth/login/email', { email: admin.email, password: admin.password })
    const token = client.cookies.get('centraal_session')
    expect(token).toBeTruthy()
    const logout = await client.post('/api/logout')
    expect(logout.status).toBe(200)
    expect(logout.json).toEqual({ message: 'Uitgelogd' } satisfies InferResponseType<
      TypedApi['logout']['$post'],
      200
    >)
    expect(logout.headers.get('set-cookie')).toMatch(/centraal_session=;/)
    const replay = await createClient(server.url).get('/api/auth/user', {
      cookie: `centraal_session=${token}`,
    })
    expect(replay.status).toBe(401)
  })

  test('GET /api/auth/user without a session is 401', async () => {
    expect((await createClient(server.url).get('/api/auth/user')).status).toBe(401)
  })

  test('a suspended user is signed out at the next request and cannot sign in (403)', async () => {
    const person = { name: 'Sam Suspended', email: 'sam@example.com', password: 'sam password' }
    const client = createClient(server.url)
    await client.post('/api/auth/register/email', { ...person, organizationId: 'default-org' })
    expect((await client.post('/api/auth/login/email', person)).status).toBe(200)
    const db = openOrganisationFile(server.dataDir)
    db.prepare("update users set status = 'suspended' where email = ?").run(person.email)
    db.close()
    expect((await client.get('/api/auth/user')).status).toBe(401)
    const [entry] = await queryDirectory(
      server,
      'select user_id from login_directory where email = ?',
      person.email,
    )
    expect(entry?.user_id).toEqual(expect.any(String))
    const left = await queryDirectory(
      server,
      'select 1 from sessions where user_id = ?',
      entry?.user_id,
    )
    expect(left).toEqual([])
    const again = await client.post('/api/auth/login/email', person)
    expectRefusal(again, 403, /niet actief/)
  })
})

describe('throttling', () => {
  test('answers 429 with Retry-After after repeated failures on one account', async () => {
    const client = createClient(server.url)
    const email = 'target@example.com'
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await client.post('/api/auth/login/email', { email, password: 'guess' })).status,
      ).toBe(401)
    }
    const blocked = await client.post('/api/auth/login/email', { email, password: 'guess' })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((blocked.json as ErrorAnswer).message).toMatch(/Te veel/)
  })
})

describe('origin and size checks', () => {
  test('a POST from another origin is refused with 403, whatever its content type', async () => {
    const foreign = createClient(server.url, { origin: 'https://evil.example' })
    const json = await foreign.post('/api/auth/login/email', {
      email: admin.email,
      password: admin.password,
    })
    expect(json.status).toBe(403)
    expect(json.headers.get('set-cookie')).toBeNull()
    const crossSite = await createClient(server.url).post(
      '/api/auth/login/email',
      { email: admin.email, password: admin.password },
      { 'sec-fetch-site': 'cross-site' },
    )
    expect(crossSite.status).toBe(403)
    const own = createClient(server.url, { origin: server.url })
    const allowed = await own.post('/api/auth/login/email', {
      email: admin.email,
      password: admin.password,
    })
    expect(allowed.status).toBe(200)
  })

  test('a body over 1 MiB answers 413', async () => {
    const response = await createClient(server.url).post('/api/auth/register/email', {
      name: 'x'.repeat(1024 * 1024 + 10),
      email: 'big@example.com',
      password: 'big password',
    })
    expectRefusal(response, 413, /te groot/)
  })
})

describe('setup links', () => {
  test('npm run setup-token invites a user whose link sets the password once', async () => {
    const { token, link } = await runSetupTokenCommand(
      server,
      ['--email', 'ivy@example.com', '--name', 'Ivy Invited', '--role', 'MANAGER'],
      { viaNpm: true },
    )
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\/[a-z2-7]{32}$/)
    const client = createClient(server.url)
    const before = await client.post('/api/auth/login/email', {
      email: 'ivy@example.com',
      password: 'ivy password',
    })
    expect(before.status).toBe(401)

    const short = await client.post(`/api/auth/setup/${token}`, { password: 'short' })
    expect(short.status).toBe(400)
    const done = await client.post(`/api/auth/setup/${token}`, { password: 'ivy password' })
    expect(done.status).toBe(200)
    const login = await client.post('/api/auth/login/email', {
      email: 'ivy@example.com',
      password: 'ivy password',
    })
    expect(login.status).toBe(200)
    expect((login.json as SignedIn).user).toMatchObject({
      role: 'MANAGER',
      status: 'active',
      name: 'Ivy Invited',
    })

    const reused = await client.post(`/api/auth/setup/${token}`, { password: 'takeover password' })
    expectRefusal(reused, 400, /al gebruikt/)
  })

  test('stores only the hash of a setup token', async () => {
    const { token } = await runSetupTokenCommand(server, ['--email', 'hash@example.com'])
    const system = openSystemFile(server.dataDir)
    expect(JSON.stringify(system.prepare('select * from setup_tokens').all())).not.toContain(token)
    system.close()
  })

  test('an expired token answers 400 and changes nothing', async () => {
    const { token } = await runSetupTokenCommand(server, ['--email', 'late@example.com'])
    const system = openSystemFile(server.dataDir)
    system
      .prepare('update setup_tokens set expires_at = ? where used_at is null')
      .run(Date.now() - 1)
    system.close()
    const response = await createClient(server.url).post(`/api/auth/setup/${token}`, {
      password: 'late password',
    })
    expectRefusal(response, 400, /verlopen/)
    const org = openOrganisationFile(server.dataDir)
    const row = org
      .prepare('select status, password_hash from users where email = ?')
      .get('late@example.com')
    expect(row).toEqual({ status: 'inactive', password_hash: null })
    org.close()
  })

  test('an unknown or malformed token answers 400', async () => {
    const client = createClient(server.url)
    expect(
      (await client.post(`/api/auth/setup/${'a'.repeat(32)}`, { password: 'long enough' })).status,
    ).toBe(400)
    expect((await client.post('/api/auth/setup/..%2F..', { password: 'long enough' })).status).toBe(
      400,
    )
  })
})
