import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { openSystemFile } from '../support/sqlite.ts'
import { startTestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// A system file from before addresses were per organisation: its login directory is keyed
// (email, kind). Opening it with this version keeps every entry and every session.

type CentralUser = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type SalesUser = InferResponseType<TypedApi['gold-estates']['auth']['user']['$get'], 200>

const dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-directory-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** When migration 0003 (the directory per organisation) was made: the migrator keys on it. */
const PER_ORGANISATION_MIGRATION = 1795753798300

/**
 * Puts the system file back as the version before 0003 left it and forgets 0003 and every
 * later migration: drizzle's migrator runs only what is newer than the last one applied.
 */
function restoreEarlierDirectory() {
  const system = openSystemFile(dataDir)
  system.exec(`
    drop table mail_outbox;
    drop table password_reset_tokens;
    drop table address_proofs;
    alter table setup_tokens drop column mailed;
    drop table email_change_tokens;
    drop table mail_bounces;
    drop table mail_sent;
    drop table organisation_placements;
    create table old_directory as select * from login_directory;
    drop table login_directory;
    create table login_directory (
      email text not null, kind text not null, organization_id text not null,
      user_id text not null, oidc_subject text, primary key (email, kind));
    insert into login_directory select * from old_directory;
    drop table old_directory;
    create index login_directory_org on login_directory (organization_id);
    create index login_directory_user on login_directory (user_id);
    create unique index login_directory_oidc_subject on login_directory (oidc_subject);
    delete from __drizzle_migrations where created_at >= ${PER_ORGANISATION_MIGRATION};
  `)
  system.close()
}

test('existing addresses and sessions stay valid, and an address may then be used in another organisation', async () => {
  const first = await startTestServer({}, { dataDir })
  const root = await signInFirstSuperadmin(first)
  expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
  await first.close()
  restoreEarlierDirectory()
  const system = openSystemFile(dataDir)
  const before = system.prepare('select * from login_directory order by email, kind').all()
  system.close()
  expect(before).toHaveLength(2)

  const second = await startTestServer({}, { dataDir })
  try {
    // The same browser (its cookies) against the restarted server.
    const browser = createClient(second.url)
    for (const [name, value] of root.cookies) browser.cookies.set(name, value)
    const central: CentralUser = (await browser.get('/api/auth/user')).json
    expect(central.email).toBe('root@example.com')
    const sales: SalesUser = (await browser.get('/api/gold-estates/auth/user')).json
    expect(sales.role).toBe('ADMIN')
    const after = openSystemFile(dataDir)
    expect(after.prepare('select * from login_directory order by email, kind').all()).toEqual(
      before,
    )
    after
      .prepare(
        "insert into login_directory (email, kind, organization_id, user_id) values ('root@example.com', 'central', 'another-org', 'someone')",
      )
      .run()
    expect(
      after
        .prepare("select count(*) from login_directory where email = 'root@example.com'")
        .pluck()
        .get(),
    ).toBe(2)
    after.close()
  } finally {
    await second.close()
  }
})
