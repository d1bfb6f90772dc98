import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { createClient } from '../support/http.ts'
import { runSetupTokenCommand } from '../support/setup-token-command.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let server: TestServer
const lines: string[] = []

beforeAll(async () => {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string | Uint8Array) => boolean
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return write(chunk)
    })
  }
  server = await startTestServer({ LOG_LEVEL: 'info' })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await server.close()
})

test('no password, setup token or session token appears in a log line or an answer', async () => {
  const client = createClient(server.url)
  const password = 'secret-password-4711'
  const answers: string[] = []
  const setup = await client.post('/api/auth/simple-setup', {
    name: 'Log Tester',
    email: 'log@example.com',
    password,
  })
  answers.push(setup.text)
  const session = client.cookies.get('centraal_session') ?? ''
  expect(session.length).toBeGreaterThan(20)
  answers.push((await client.get('/api/auth/user')).text)
  answers.push(
    (await client.post('/api/auth/login/email', { email: 'log@example.com', password })).text,
  )
  answers.push(
    (
      await client.post('/api/auth/login/email', {
        email: 'log@example.com',
        password: `${password}x`,
      })
    ).text,
  )

  const { token } = await runSetupTokenCommand(server, ['--email', 'invitee@example.com'])
  answers.push((await client.post(`/api/auth/setup/${token}`, { password })).text)
  answers.push((await client.post(`/api/auth/setup/${token}`, { password })).text)

  const logged = lines.join('')
  expect(logged).toContain('/api/auth/setup/:token')
  for (const secret of [password, token, session, client.cookies.get('centraal_session') ?? '']) {
    expect(logged).not.toContain(secret)
    for (const answer of answers) expect(answer).not.toContain(secret)
  }
  expect(answers.join('')).not.toContain('$argon2')
})
