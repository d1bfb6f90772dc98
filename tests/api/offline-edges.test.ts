import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import {
  EPOCH_HEADER,
  formatSyncAccount,
  OTHER_ACCOUNT_HEADER,
  RESTORED_HEADER,
  SYNC_ACCOUNT_HEADER,
} from '#sync/account'
import {
  signIn,
  signInFirstSuperadmin,
  signInInvitedUser,
  signInNewSeller,
} from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import { readSystemValue } from '../support/api-files.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildCorrection, buildSalePayload } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  type ErrorAnswer,
  type PartOf,
  type TypedApi,
  typedClient,
} from '../support/typed-client.ts'

// What a device meets when it comes back from offline: a backup restored meanwhile (its
// epoch is over, so what it made is refused, never applied to the restored data), a row
// deleted meanwhile or taken out of its person's reach (the edit is refused with the
// person's values kept), and a SELLER taken off a sale (the sale goes, with its customer).

type Answer = Awaited<ReturnType<Client['post']>>
type Document = Record<string, unknown> & { id: string; _deleted: boolean }
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type Choice = Extract<
  InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>,
  { choice: unknown }
>
type Organisation = InferResponseType<TypedApi['organisation']['$get'], 200>
type Sale = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>
type App = InferResponseType<TypedApi['app-connections']['$post'], 201>
/** Centraal's list and Gold Estates' are one service's answer. */
type Refusal = InferResponseType<TypedApi['sync-refusals']['$get'], 200>[number]
let server: TestServer
let root: Client
let otherAdmin: Client

const RESTORED_MESSAGE = /^Gemaakt vóór het terugzetten van een back-up op .+; niet verwerkt\.$/

/** `answer` refuses a write made before the restore at `epoch`: 409, its header and message. */
function expectRefusedAsRestored(answer: Answer, epoch: string) {
  expect(answer.status, answer.text).toBe(409)
  expect(answer.headers.get(RESTORED_HEADER)).toBe(epoch)
  expect((answer.json as ErrorAnswer).message).toMatch(RESTORED_MESSAGE)
}
const DELETED_MEANWHILE = 'Dit item is intussen verwijderd'
const OUT_OF_REACH = 'Je hebt geen toegang meer tot dit item; de wijziging is niet verwerkt.'

/** The moment of a restore as its 409 names it. */
const momentOf = (epoch: string) => format(Number(epoch), 'd MMM yyyy HH:mm', { locale: nl })

async function pull(client: Client, collection: string, headers: Record<string, string> = {}) {
  return client.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`, headers)
}

async function pullDocuments(client: Client, collection: string) {
  const answer = await pull(client, collection)
  expect(answer.status, answer.text).toBe(200)
  return (answer.json as Pulled).documents as Document[]
}

/** The organisation's name as its settings page reads it. */
async function organisationNameOf(client: Client) {
  return ((await client.get('/api/organisation')).json as Organisation).name
}

function push(
  client: Client,
  collection: string,
  rows: { newDocumentState: object; assumedMasterState?: object | null }[],
  headers: Record<string, string> = {},
) {
  return client.request('POST', `/api/sync/v1/${collection}/push`, { rows }, headers)
}

/** The header that names the signed-in person, as the web app sends it with every write. */
async function accountOf(client: Client, organisationId: string) {
  const user: User = (await client.get('/api/auth/user')).json
  return formatSyncAccount({ organisationId, userId: user.id })
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  // Named: tests below read its name back from the organisation's own answers.
  const orgB = { id: 'org-b', name: 'B' }
  otherAdmin = await signInAtNewOrganisation(server, orgB, 'ADMIN', 'admin@b.example')
})
afterAll(() => server?.close())

describe('a restore starts a new epoch', () => {
  const ORG = 'org-r'
  const OWNER = { email: 'owner@klant-r.example', password: 'SUPERADMIN password' }
  let owner: Client
  let account: string
  let before: string
  let epoch: string
  let answeredKey: string
  const answeredUser = { name: 'Voor Herstel', email: 'voor-herstel@klant-r.example' }
  /** Klant R's SELLER, signed in to Gold Estates, and her project (made below). */
  let vera: { client: Client; sellerId: string; projectId: string }

  const emails = async () =>
    (await (await typedClient(server.url, owner.cookies).users.$get()).json()).map(
      (user) => user.email,
    )

  beforeAll(async () => {
    await createOrganisation(server.deps, { id: ORG, name: 'Klant R', slug: ORG })
    owner = await signInInvitedUser(server, { email: OWNER.email, role: 'SUPERADMIN', org: ORG })
    account = await accountOf(owner, ORG)
    const first = await pull(owner, 'users')
    expect(first.status).toBe(200)
    before = first.headers.get(EPOCH_HEADER) ?? ''
    const backup = await owner.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    // Answered after the backup was taken, so the restore takes its effect away; the device
    // never heard the answer and sends it again after the restore.
    answeredKey = uuidv7()
    const answered = await owner.post('/api/users', answeredUser, {
      'idempotency-key': answeredKey,
      [SYNC_ACCOUNT_HEADER]: account,
      [EPOCH_HEADER]: before,
    })
    expect(answered.status, answered.text).toBe(201)
    const restored = await owner.post('/api/admin/restore', backup.text)
    expect(restored.status, restored.text).toBe(200)
    expect((await owner.get('/api/auth/user')).status).toBe(401)
    owner = await signIn(server, OWNER)
    epoch = (await pull(owner, 'users')).headers.get(EPOCH_HEADER) ?? ''
  })

  test('before any restore the epoch is 0; after it, a pull without the header names the new one', async () => {
    expect(before).toBe('0')
    const restoredAt = readSystemValue(
      server.dataDir,
      'select restored_at from organizations where id = ?',
      ORG,
    )
    expect(epoch).toBe(String(restoredAt))
    expect(Number(epoch)).toBeGreaterThan(Date.now() - 60_000)
    const again = await pull(owner, 'appConnections')
    expect(again.status).toBe(200)
    expect(again.headers.get(EPOCH_HEADER)).toBe(epoch)
  })

  test('a REST write of the old epoch is 409 with the restore moment, and nothing changes', async () => {
    const old = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: before }
    const renamed = await owner.request('PATCH', '/api/organisation', { name: 'Oude Naam' }, old)
    expect(renamed.status).toBe(409)
    expect(renamed.headers.get(RESTORED_HEADER)).toBe(epoch)
    expect(renamed.headers.has(OTHER_ACCOUNT_HEADER)).toBe(false)
    expect((renamed.json as ErrorAnswer).message).toMatch(RESTORED_MESSAGE)
    expect((renamed.json as ErrorAnswer).message).toContain(momentOf(epoch))
    expect(await organisationNameOf(owner)).toBe('Klant R')
    const created = await owner.post(
      '/api/users',
      { name: 'Te Laat', email: 'te-laat@klant-r.example' },
      old,
    )
    expect(created.status).toBe(409)
    expect(created.headers.get(RESTORED_HEADER)).toBe(epoch)
    expect(await emails()).not.toContain('te-laat@klant-r.example')
    // Reading is never refused: the device needs the restored data.
    expect((await owner.get('/api/organisation', old)).status).toBe(200)
  })

  test('the same write with the current epoch, or with none, goes through', async () => {
    const current = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: epoch }
    const renamed = await owner.request('PATCH', '/api/organisation', { name: 'Klant R2' }, current)
    expect(renamed.status, renamed.text).toBe(200)
    expect(await organisationNameOf(owner)).toBe('Klant R2')
    const unnamed = await owner.request(
      'PATCH',
      '/api/organisation',
      { name: 'Klant R' },
      { [SYNC_ACCOUNT_HEADER]: account },
    )
    expect(unnamed.status).toBe(200)
  })

  test('a write answered before the restore and replayed with its old epoch is refused, not run again', async () => {
    const replay = await owner.post('/api/users', answeredUser, {
      'idempotency-key': answeredKey,
      [SYNC_ACCOUNT_HEADER]: account,
      [EPOCH_HEADER]: before,
    })
    expectRefusedAsRestored(replay, epoch)
    expect(await emails()).not.toContain(answeredUser.email)
    // The restore leaves the answered key in the file: only the epoch stops the replay
    // from claiming an effect the restored data no longer holds.
    const db = openOrganisationFile(server.dataDir, ORG)
    const kept = db
      .prepare('select key from idempotency_keys where key = ?')
      .pluck()
      .get(answeredKey)
    db.close()
    expect(kept).toBe(answeredKey)
  })

  test('a push and a pull of the old epoch are 409; the push changes nothing', async () => {
    const [self] = (await pullDocuments(owner, 'users')).filter(
      (user) => user.email === OWNER.email,
    )
    const old = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: before }
    const pushed = await push(
      owner,
      'users',
      [{ assumedMasterState: self, newDocumentState: { ...self, name: 'Offline Naam' } }],
      old,
    )
    expectRefusedAsRestored(pushed, epoch)
    const pulled = await pull(owner, 'users', old)
    expect(pulled.status).toBe(409)
    expect(pulled.headers.get(RESTORED_HEADER)).toBe(epoch)
    expect(pulled.json.documents).toBeUndefined()
    const now = await pullDocuments(owner, 'users')
    expect(now.find((user) => user.id === self?.id)?.name).toBe(self?.name)
    // With the current epoch the same push lands.
    const current = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: epoch }
    const landed = await push(
      owner,
      'users',
      [{ assumedMasterState: self, newDocumentState: { ...self, name: 'Na Herstel' } }],
      current,
    )
    expect(landed.status).toBe(200)
    expect((landed.json as Pushed).refused).toEqual([])
    expect(landed.headers.get(EPOCH_HEADER)).toBe(epoch)
  })

  test('after a restore a push naming no epoch is 409 and changes nothing; a pull naming none learns it', async () => {
    const [self] = (await pullDocuments(owner, 'users')).filter(
      (user) => user.email === OWNER.email,
    )
    const unnamed = { [SYNC_ACCOUNT_HEADER]: account }
    const pushed = await push(
      owner,
      'users',
      [{ assumedMasterState: self, newDocumentState: { ...self, name: 'Zonder Tijdperk' } }],
      unnamed,
    )
    expectRefusedAsRestored(pushed, epoch)
    const now = await pullDocuments(owner, 'users')
    expect(now.find((user) => user.id === self?.id)?.name).toBe(self?.name)
    const pulled = await pull(owner, 'users', unnamed)
    expect(pulled.status).toBe(200)
    expect(pulled.headers.get(EPOCH_HEADER)).toBe(epoch)
  })

  test("a SELLER's push naming no epoch is 409 in the sales area too; the sale stays as it was", async () => {
    expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const projectId = await addProject(owner, 'Hersteld')
    const { id: sellerId, client: seller } = await signInNewSeller(server, owner, {
      name: 'Vera Verkoper',
      email: 'vera@klant-r.example',
      role: 'SELLER',
    })
    vera = { client: seller, sellerId, projectId }
    const created = await owner.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId,
        salePrice: 30_000_000,
        lines: [{ sellerId, percentage: 100 }],
      }),
    )
    expect(created.status, created.text).toBe(201)
    const copy = (await pullDocuments(seller, 'sales')).find(
      (doc) => doc.id === (created.json as Sale).id,
    )
    expect(copy).toBeDefined()
    const pushed = await push(seller, 'sales', [
      { assumedMasterState: copy, newDocumentState: { ...copy, clientName: 'Zonder Tijdperk' } },
    ])
    expectRefusedAsRestored(pushed, epoch)
    const now = (await pullDocuments(owner, 'sales')).find(
      (doc) => doc.id === (created.json as Sale).id,
    )
    expect(now?.clientName).toBe(copy?.clientName)
    const pulled = await pull(seller, 'sales')
    expect(pulled.status).toBe(200)
    expect(pulled.headers.get(EPOCH_HEADER)).toBe(epoch)
  })

  test('a named epoch is judged on its own: the old one without an account header is 409 on every REST write and replication call', async () => {
    const old = { [EPOCH_HEADER]: before }
    await expect(emails()).resolves.not.toContain('alleen-tijdperk@klant-r.example')
    const answers = [
      await owner.request('PATCH', '/api/organisation', { name: 'Alleen Tijdperk' }, old),
      await owner.post(
        '/api/users',
        { name: 'Alleen Tijdperk', email: 'alleen-tijdperk@klant-r.example' },
        old,
      ),
      await owner.post('/api/app-connections', { name: 'Oud', url: 'https://oud.example' }, old),
      await pull(owner, 'users', old),
      await push(owner, 'users', [], old),
      await owner.get('/api/sync/v1/stream?area=central', old),
    ]
    for (const answer of answers) {
      expectRefusedAsRestored(answer, epoch)
    }
    expect(await organisationNameOf(owner)).toBe('Klant R')
    expect(await emails()).not.toContain('alleen-tijdperk@klant-r.example')
    const apps = await pull(owner, 'appConnections')
    expect((apps.json as Pulled).documents.map((app) => app.name)).not.toContain('Oud')
    // The same writes naming the current epoch alone go through.
    const current = { [EPOCH_HEADER]: epoch }
    const renamed = await owner.request('PATCH', '/api/organisation', { name: 'Klant R' }, current)
    expect(renamed.status, renamed.text).toBe(200)
  })

  test('in Gold Estates too: a sales REST write naming only the old epoch is 409 and changes nothing', async () => {
    if ((await owner.get('/api/gold-estates/projects')).status !== 200) {
      expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    }
    const projects = async () =>
      ((await owner.get('/api/gold-estates/projects')).json as { name: string }[]).map(
        (project) => project.name,
      )
    const answer = await owner.post(
      '/api/gold-estates/projects',
      { name: 'Van Voor Herstel' },
      { [EPOCH_HEADER]: before },
    )
    expect(answer.status, answer.text).toBe(409)
    expect(answer.headers.get(RESTORED_HEADER)).toBe(epoch)
    expect(await projects()).not.toContain('Van Voor Herstel')
    const landed = await owner.post(
      '/api/gold-estates/projects',
      { name: 'Na Herstel' },
      { [EPOCH_HEADER]: epoch },
    )
    expect(landed.status, landed.text).toBe(201)
  })

  describe('attacks', () => {
    test('an outsider sending an epoch gets 401 and learns no epoch', async () => {
      const stranger = createClient(server.url)
      const headers = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: before }
      const answers = [
        await pull(stranger, 'users', headers),
        await push(stranger, 'users', [], headers),
        await stranger.request('PATCH', '/api/organisation', { name: 'Weg' }, headers),
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(401)
        expect(answer.headers.has(EPOCH_HEADER)).toBe(false)
        expect(answer.headers.has(RESTORED_HEADER)).toBe(false)
        expect(answer.text).not.toContain(epoch)
      }
    })

    test("another organisation's ADMIN learns neither the epoch nor the restore time", async () => {
      const own = await accountOf(otherAdmin, 'org-b')
      const theirs = await pull(otherAdmin, 'users')
      expect(theirs.status).toBe(200)
      expect(theirs.headers.get(EPOCH_HEADER)).toBe('0')
      // Org R's epoch sent as their own: their 409 names only their own organisation's.
      const guessed = { [SYNC_ACCOUNT_HEADER]: own, [EPOCH_HEADER]: epoch }
      for (const answer of [
        await pull(otherAdmin, 'users', guessed),
        await otherAdmin.request('PATCH', '/api/organisation', { name: 'B2' }, guessed),
      ]) {
        expect(answer.status).toBe(409)
        expect(answer.headers.get(RESTORED_HEADER)).toBe('0')
        expect(answer.text).not.toContain(momentOf(epoch))
      }
      expect(await organisationNameOf(otherAdmin)).toBe('B')
      // A push naming no epoch is refused only where a restore happened: org R's restore
      // changes nothing for org B, and B's answer names B's epoch, never R's.
      const [self] = ((theirs.json as Pulled).documents as Document[]).filter(
        (user) => user.email === 'admin@b.example',
      )
      const unnamed = await push(
        otherAdmin,
        'users',
        [{ assumedMasterState: self, newDocumentState: { ...self, name: 'Beheerder B' } }],
        { [SYNC_ACCOUNT_HEADER]: own },
      )
      expect(unnamed.status, unnamed.text).toBe(200)
      expect(unnamed.headers.get(EPOCH_HEADER)).toBe('0')
      expect(unnamed.text).not.toContain(epoch)
      // Naming org R's owner is another account's call: refused before any epoch is read.
      const named = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: before }
      for (const answer of [
        await pull(otherAdmin, 'users', named),
        await otherAdmin.request('PATCH', '/api/organisation', { name: 'B3' }, named),
      ]) {
        expect(answer.status).toBe(409)
        expect(answer.headers.has(OTHER_ACCOUNT_HEADER)).toBe(true)
        expect(answer.headers.has(RESTORED_HEADER)).toBe(false)
        expect(answer.headers.has(EPOCH_HEADER)).toBe(false)
        expect(answer.text).not.toContain(epoch)
      }
    })

    test('naming only an epoch, an outsider and someone who just registered get 401 and learn none', async () => {
      const registrant = createClient(server.url)
      await registrant.post('/api/auth/register/email', {
        name: 'Nieuw Iemand',
        email: 'nieuw@elders.example',
        password: 'nieuw wachtwoord 1',
      })
      for (const client of [createClient(server.url), registrant]) {
        for (const value of [before, epoch]) {
          const headers = { [EPOCH_HEADER]: value }
          for (const answer of [
            await client.request('PATCH', '/api/organisation', { name: 'Weg' }, headers),
            await client.post('/api/gold-estates/projects', { name: 'Weg' }, headers),
            await push(client, 'users', [], headers),
          ]) {
            expect(answer.status).toBe(401)
            expect(answer.headers.has(RESTORED_HEADER)).toBe(false)
            expect(answer.headers.has(EPOCH_HEADER)).toBe(false)
            expect(answer.text).not.toContain(epoch)
          }
        }
      }
      expect(await organisationNameOf(owner)).toBe('Klant R')
    })

    test("a SELLER naming only the old epoch is 409 by REST and push; another organisation's ADMIN naming R's is judged by B's", async () => {
      const old = { [EPOCH_HEADER]: before }
      const sale = buildSalePayload({
        projectId: vera.projectId,
        salePrice: 20_000_000,
        lines: [{ sellerId: vera.sellerId, percentage: 100 }],
      })
      const count = async () => (await pullDocuments(owner, 'sales')).length
      const saleCount = await count()
      const rest = await vera.client.post('/api/gold-estates/sales', sale, old)
      expect(rest.status, rest.text).toBe(409)
      expect(rest.headers.get(RESTORED_HEADER)).toBe(epoch)
      const pushed = await push(vera.client, 'sales', [], old)
      expect(pushed.status).toBe(409)
      expect(pushed.headers.get(RESTORED_HEADER)).toBe(epoch)
      expect(await count()).toBe(saleCount)
      for (const answer of [
        await otherAdmin.request(
          'PATCH',
          '/api/organisation',
          { name: 'B4' },
          { [EPOCH_HEADER]: epoch },
        ),
        await push(otherAdmin, 'users', [], { [EPOCH_HEADER]: epoch }),
      ]) {
        expect(answer.status).toBe(409)
        expect(answer.headers.get(RESTORED_HEADER)).toBe('0')
        expect(answer.text).not.toContain(momentOf(epoch))
      }
      expect(await organisationNameOf(otherAdmin)).toBe('B')
    })

    test('a person in two organisations is judged by the organisation of their session, never the other', async () => {
      const PERSON = { email: 'twee@klant-r.example', password: 'twee organisaties pw' }
      for (const org of [ORG, 'org-b']) {
        const { token } = await inviteWithSetupLink(server.deps, {
          email: PERSON.email,
          role: 'ADMIN',
          name: 'Twee Organisaties',
          org,
        })
        const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, {
          password: PERSON.password,
        })
        expect(setup.status, setup.text).toBe(200)
      }
      const signInTo = async (organisationId: string) => {
        const client = createClient(server.url)
        const answer = await client.post('/api/auth/login/email', PERSON)
        expect(answer.status, answer.text).toBe(200)
        const chosen = await client.post('/api/auth/login/choose', {
          choiceToken: (answer.json as Choice).choice.choiceToken,
          organisationId,
        })
        expect(chosen.status, chosen.text).toBe(200)
        return client
      }
      const inR = await signInTo(ORG)
      const inB = await signInTo('org-b')
      // In R the old epoch is refused; in B, whose epoch is still 0, R's new one is.
      const inRAnswer = await inR.request(
        'PATCH',
        '/api/organisation',
        { name: 'R?' },
        {
          [EPOCH_HEADER]: before,
        },
      )
      expect(inRAnswer.status).toBe(409)
      expect(inRAnswer.headers.get(RESTORED_HEADER)).toBe(epoch)
      const inBAnswer = await inB.request(
        'PATCH',
        '/api/organisation',
        { name: 'B?' },
        {
          [EPOCH_HEADER]: epoch,
        },
      )
      expect(inBAnswer.status).toBe(409)
      expect(inBAnswer.headers.get(RESTORED_HEADER)).toBe('0')
      expect(inBAnswer.text).not.toContain(momentOf(epoch))
      expect(await organisationNameOf(owner)).toBe('Klant R')
      expect(await organisationNameOf(otherAdmin)).toBe('B')
    })

    test('a bogus epoch is a clean 409, never a 500', async () => {
      const bogus = ['abc', '99999999999999999999999999', '-1', '1e3', `${epoch}0`, ' ', '0x0']
      for (const value of bogus) {
        const headers = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: value }
        for (const answer of [
          await pull(owner, 'users', headers),
          await push(owner, 'users', [], headers),
          await owner.request('PATCH', '/api/organisation', { name: 'Bogus' }, headers),
        ]) {
          expect(answer.status, `${value}: ${answer.text}`).toBe(409)
          expect(answer.headers.get(RESTORED_HEADER)).toBe(epoch)
          expect((answer.json as ErrorAnswer).message).toMatch(RESTORED_MESSAGE)
        }
      }
      const long = { [SYNC_ACCOUNT_HEADER]: account, [EPOCH_HEADER]: '9'.repeat(4000) }
      expect((await pull(owner, 'users', long)).status).toBe(409)
      expect(await organisationNameOf(owner)).toBe('Klant R')
    })
  })
})

describe('an edit of a row deleted meanwhile', () => {
  let copy: Document

  beforeAll(async () => {
    const created = await root.post('/api/app-connections', {
      name: 'Boekhouding',
      url: 'https://boekhouding.example',
      description: 'Oud',
    })
    expect(created.status, created.text).toBe(201)
    copy = (await pullDocuments(root, 'appConnections')).find(
      (doc) => doc.id === (created.json as App).id,
    ) as Document
    // Meanwhile, on another device, it is deleted.
    const deleted = await root.request('DELETE', `/api/app-connections/${copy.id}`)
    expect(deleted.status).toBe(200)
  })

  test('is refused with its reason and listed with the values the person pushed', async () => {
    const edited = { ...copy, name: 'Boekhouding Nieuw', description: 'Mijn tekst' }
    const answer = await push(root, 'appConnections', [
      { assumedMasterState: copy, newDocumentState: edited },
    ])
    expect(answer.status).toBe(200)
    expect((answer.json as Pushed).refused).toEqual([{ id: copy.id, reason: DELETED_MEANWHILE }])
    expect((answer.json as Pushed).conflicts).toEqual([
      expect.objectContaining({ id: copy.id, _deleted: true, name: 'Boekhouding' }),
    ])
    const refusals: Refusal[] = (await root.get('/api/sync-refusals')).json
    expect(refusals).toEqual([
      expect.objectContaining({
        collection: 'appConnections',
        operation: 'update',
        entityId: copy.id,
        label: 'Boekhouding Nieuw',
        reason: DELETED_MEANWHILE,
        values: {
          name: 'Boekhouding Nieuw',
          url: 'https://boekhouding.example',
          description: 'Mijn tekst',
          status: 'active',
        },
      } satisfies PartOf<Refusal>),
    ])
    expect((await root.get('/api/app-connections')).json).toEqual([])
  })

  test('a stale copy without an edit takes the tombstone and is no refusal', async () => {
    const [refusal] = (await root.get('/api/sync-refusals')).json
    const answer = await push(root, 'appConnections', [
      { assumedMasterState: copy, newDocumentState: copy },
    ])
    expect((answer.json as Pushed).refused).toEqual([])
    expect((answer.json as Pushed).conflicts).toEqual([
      expect.objectContaining({ id: copy.id, _deleted: true }),
    ])
    expect((await root.get('/api/sync-refusals')).json).toEqual([refusal])
  })

  test('a delete of the deleted row is no refusal either', async () => {
    const [refusal] = (await root.get('/api/sync-refusals')).json
    const answer = await push(root, 'appConnections', [
      { assumedMasterState: copy, newDocumentState: { ...copy, _deleted: true } },
    ])
    expect((answer.json as Pushed).refused).toEqual([])
    expect((await root.get('/api/sync-refusals')).json).toEqual([refusal])
  })
})

describe('a SELLER taken off a sale', () => {
  const CLIENT = {
    clientName: 'Familie Jansen',
    clientEmail: 'jansen@example.com',
    clientPhone: '0687654321',
  }
  let sanne: Client
  let cor: Client
  let manager: Client
  let salesAdmin: Client
  /** Sanne's and Cor's seller ids, and the sale's. */
  const ids = { sanne: '', cor: '', sale: '' }
  /** The sale as Sanne's device held it before the correction. */
  let sanneCopy: Document

  beforeAll(async () => {
    expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const projectId = await addProject(root, 'Havenkwartier')
    const seller = (name: string, role: 'SELLER' | 'MANAGER' | 'ADMIN') =>
      signInNewSeller(server, root, { name, email: `${name.toLowerCase()}@example.com`, role })
    ;({ id: ids.sanne, client: sanne } = await seller('Sanne', 'SELLER'))
    ;({ id: ids.cor, client: cor } = await seller('Cor', 'SELLER'))
    ;({ client: manager } = await seller('Maria', 'MANAGER'))
    ;({ client: salesAdmin } = await seller('Ad', 'ADMIN'))
    const created = await root.post('/api/gold-estates/sales', {
      ...buildSalePayload({
        projectId,
        salePrice: 40_000_000,
        lines: [
          { sellerId: ids.sanne, percentage: 60 },
          { sellerId: ids.cor, percentage: 40 },
        ],
      }),
      ...CLIENT,
      notes: 'Belt liever na 18 uur',
    })
    expect(created.status, created.text).toBe(201)
    ids.sale = (created.json as Sale).id
    sanneCopy = (await pullDocuments(sanne, 'sales')).find((doc) => doc.id === ids.sale) as Document
    expect(sanneCopy).toMatchObject({ ...CLIENT, _deleted: false })
    // The MANAGER corrects the split: the sale is Cor's alone now.
    const corrected = await manager.request('PATCH', `/api/gold-estates/sales/${ids.sale}`, {
      ...buildCorrection({
        saleDate: format(new Date(), 'yyyy-MM-dd'),
        salePrice: 40_000_000,
        commissionPercentage: 5,
        splits: [
          { sellerId: ids.cor, role: null, commissionType: 'sales', commissionPercentage: 100 },
        ],
        paidTotal: 0,
      }),
      ...CLIENT,
    })
    expect(corrected.status, corrected.text).toBe(200)
  })

  test("their pull has the sale as a tombstone without the customer's details", async () => {
    const sale = (await pullDocuments(sanne, 'sales')).find((doc) => doc.id === ids.sale)
    expect(sale).toMatchObject({
      _deleted: true,
      clientName: '',
      clientEmail: '',
      clientPhone: '',
      notes: '',
      costsDescription: '',
      splits: null,
      lines: [],
    })
    const text = JSON.stringify(await pullDocuments(sanne, 'sales'))
    for (const detail of [...Object.values(CLIENT), 'Belt liever']) {
      expect(text).not.toContain(detail)
    }
    const lines = (await pullDocuments(sanne, 'commissions')).filter(
      (line) => line.saleId === ids.sale,
    )
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every((line) => line._deleted)).toBe(true)
  })

  test('their REST lists no longer hold the sale or its customer', async () => {
    const sales = await (
      await typedClient(server.url, sanne.cookies)['gold-estates'].sales.$get()
    ).json()
    expect(sales.map((sale) => sale.id)).not.toContain(ids.sale)
    const dashboard = await sanne.get('/api/gold-estates/commissions/dashboard')
    expect(dashboard.status).toBe(200)
    expect(dashboard.text).not.toContain(CLIENT.clientName)
  })

  test('a MANAGER and the seller still on it pull the whole sale', async () => {
    for (const client of [manager, cor]) {
      const sale = (await pullDocuments(client, 'sales')).find((doc) => doc.id === ids.sale)
      expect(sale).toMatchObject({ ...CLIENT, _deleted: false, notes: 'Belt liever na 18 uur' })
      expect(sale?.lines).toEqual([expect.objectContaining({ sellerId: ids.cor })])
    }
  })

  test('their push of an edit is refused as out of reach and answered with a tombstone', async () => {
    const edited = { ...sanneCopy, clientPhone: '0611111111', notes: 'Mijn aantekening' }
    const answer = await push(sanne, 'sales', [
      { assumedMasterState: sanneCopy, newDocumentState: edited },
    ])
    expect(answer.status).toBe(200)
    expect((answer.json as Pushed).refused).toEqual([{ id: ids.sale, reason: OUT_OF_REACH }])
    expect((answer.json as Pushed).conflicts).toEqual([
      expect.objectContaining({ id: ids.sale, _deleted: true }),
    ])
    const [refusal]: Refusal[] = (await sanne.get('/api/gold-estates/sync-refusals')).json
    expect(refusal).toMatchObject({
      collection: 'sales',
      operation: 'update',
      entityId: ids.sale,
      reason: OUT_OF_REACH,
      values: { ...CLIENT, clientPhone: '0611111111', salePrice: 40_000_000 },
    } satisfies PartOf<Refusal>)
    const whole = (await pullDocuments(manager, 'sales')).find((doc) => doc.id === ids.sale)
    expect(whole).toMatchObject({ ...CLIENT, notes: 'Belt liever na 18 uur' })
  })

  test('their stale copy without an edit is no refusal', async () => {
    const before = (await sanne.get('/api/gold-estates/sync-refusals')).json
    const answer = await push(sanne, 'sales', [
      { assumedMasterState: sanneCopy, newDocumentState: sanneCopy },
    ])
    expect((answer.json as Pushed).refused).toEqual([])
    expect((answer.json as Pushed).conflicts).toEqual([
      expect.objectContaining({ id: ids.sale, _deleted: true }),
    ])
    expect((await sanne.get('/api/gold-estates/sync-refusals')).json).toEqual(before)
  })

  test("another SELLER never reads the refusal's values; the sales ADMIN does", async () => {
    expect((await cor.get('/api/gold-estates/sync-refusals')).json).toEqual([])
    expect((await cor.get('/api/gold-estates/sync-refusals?scope=organisation')).status).toBe(403)
    expect((await manager.get('/api/gold-estates/sync-refusals?scope=organisation')).status).toBe(
      403,
    )
    const everyone: Refusal[] = (
      await salesAdmin.get('/api/gold-estates/sync-refusals?scope=organisation')
    ).json
    expect(everyone).toEqual([
      expect.objectContaining({
        entityId: ids.sale,
        userName: 'Sanne',
        values: expect.objectContaining({ clientPhone: '0611111111' }),
      } satisfies PartOf<Refusal>),
    ])
    // Nor does the Centraal side of the organisation list it.
    const central = (await root.get('/api/sync-refusals?scope=organisation')).json
    expect(JSON.stringify(central)).not.toContain('0611111111')
  })
})
