import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { readSystemValue } from '../support/api-files.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await signInFirstSuperadmin(server)
})
afterAll(() => server.close())

function setUserPermission(email: string, permission: string, granted: boolean) {
  const userId = readSystemValue(
    server.dataDir,
    'select user_id from login_directory where email = ?',
    email,
  )
  const org = openOrganisationFile(server.dataDir)
  org
    .prepare(
      'insert or replace into user_permissions (user_id, permission_id, granted) values (?, ?, ?)',
    )
    .run(userId, permission, granted ? 1 : 0)
  org.close()
}

test('roles grant sets of permissions, seeded in the organisation file', () => {
  const org = openOrganisationFile(server.dataDir)
  const grants = (role: string) =>
    org
      .prepare('select permission_id from role_permissions where role_id = ? order by 1')
      .pluck()
      .all(role)
  expect(grants('USER')).toEqual(['activities.read', 'apps.read', 'settings.read', 'users.read'])
  expect(grants('MANAGER')).toContain('apps.write')
  expect(grants('MANAGER')).not.toContain('users.write')
  expect(grants('ADMIN')).not.toContain('backup.run')
  expect(grants('SUPERADMIN')).toContain('backup.run')
  // Platform rights are decided in code, never by a row of an organisation file.
  expect(grants('SUPERADMIN')).not.toContain('organisations.manage')
  org.close()
})

test('a MANAGER writes apps but not users', async () => {
  const manager = await signInInvitedUser(server, { email: 'manager@example.com', role: 'MANAGER' })
  expect(
    (await manager.post('/api/app-connections', { name: 'Mgr App', url: 'https://m.example.com' }))
      .status,
  ).toBe(201)
  expect(
    (await manager.post('/api/users', { name: 'Nope Nope', email: 'nope@example.com' })).status,
  ).toBe(403)
})

test('a per-user grant adds a right and a withdrawal removes one', async () => {
  const user = await signInInvitedUser(server, { email: 'granted@example.com', role: 'USER' })
  expect(
    (await user.post('/api/app-connections', { name: 'X', url: 'https://x.example.com' })).status,
  ).toBe(403)
  setUserPermission('granted@example.com', 'apps.write', true)
  expect(
    (await user.post('/api/app-connections', { name: 'X', url: 'https://x.example.com' })).status,
  ).toBe(201)
  setUserPermission('granted@example.com', 'users.read', false)
  expect((await user.get('/api/users')).status).toBe(403)
  expect((await user.get('/api/sync/v1/users/pull')).status).toBe(403)
})
