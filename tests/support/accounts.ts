import { randomUUID } from 'node:crypto'
import type { InferResponseType } from 'hono/client'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import type { UserRole } from '#schema/roles'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import type { Seller } from './answers.ts'
import { type Client, createClient } from './http.ts'
import { takeInvitationToken } from './invitation-token.ts'
import type { startSmtpReceiver } from './smtp-receiver.ts'
import type { TestServer } from './test-server.ts'
import type { TypedApi } from './typed-client.ts'

/** The sign-in signInFirstSuperadmin gives the first SUPERADMIN (by default). */
export const ROOT = { email: 'root@example.com', password: 'root password' }

/** One password attempt for the first SUPERADMIN, without a client; the raw answer. */
export const attemptRootSignIn = (server: { url: string }, password: string) =>
  fetch(`${server.url}/api/auth/login/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ROOT.email, password }),
  })

/** The first SUPERADMIN, signed in. */
export async function signInFirstSuperadmin(server: Pick<TestServer, 'url'>, email = ROOT.email) {
  const client = createClient(server.url)
  const response = await client.post('/api/auth/simple-setup', {
    name: 'Root Admin',
    email,
    password: ROOT.password,
  })
  if (response.status !== 201) throw new Error(`simple-setup: ${response.status} ${response.text}`)
  return client
}

/** `owner` (an organisation's SUPERADMIN) launches Gold Estates for their organisation. */
export async function launchGoldEstates(owner: Client) {
  const launch = await owner.post('/api/admin/launch-gold-estates')
  if (launch.status !== 200) throw new Error(`launch: ${launch.status} ${launch.text}`)
}

/** The first SUPERADMIN, signed in as signInFirstSuperadmin signs one in, who has launched Gold Estates. */
export async function signInFirstSuperadminWithGoldEstates(server: Pick<TestServer, 'url'>) {
  const owner = await signInFirstSuperadmin(server)
  await launchGoldEstates(owner)
  return owner
}

/** A fresh client of an existing central account, signed in at the email login. */
export async function signIn(
  server: { url: string },
  account: { email: string; password: string },
) {
  const client = createClient(server.url)
  const login = await client.post('/api/auth/login/email', account)
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
  return client
}

/**
 * A new organisation with its own SUPERADMIN, signed in: on a server that several files
 * share, what signInFirstSuperadmin is on a server of one's own. `email(name)` gives the
 * organisation's own addresses: an address that two organisations know would be asked
 * "which organisation?" at sign-in.
 */
export async function signInNewOrganisation(server: TestServer, name = 'Testorganisatie') {
  const organisationId = `org-${randomUUID().slice(0, 8)}`
  await createOrganisation(server.deps, { id: organisationId, name, slug: organisationId })
  const email = (local: string) => `${local}@${organisationId}.example`
  const root = { email: email('root'), password: 'SUPERADMIN password' }
  const api = await signInInvitedUser(server, {
    email: root.email,
    role: 'SUPERADMIN',
    org: organisationId,
    name: 'Root Admin',
  })
  /** Invites a person into the organisation; their sign-in and their signed-in client. */
  const invite = async (local: string, role: UserRole, name: string) => {
    const account = { email: email(local), password: `${role} password`, name }
    const client = await signInInvitedUser(server, { ...account, role, org: organisationId })
    return { ...account, api: client }
  }
  return { organisationId, api, root, email, invite }
}

/**
 * A user of any role in any organisation, invited as `npm run setup-token` invites (the
 * same service, in this process: the command itself is tested in auth.test.ts) and signed in.
 */
export async function signInInvitedUser(
  server: TestServer,
  options: { email: string; role: UserRole; org?: string; name?: string },
) {
  const password = await setUpInvitedAccount(server, options)
  return signIn(server, { email: options.email, password })
}

/**
 * An account invited as signInInvitedUser invites it, its password set through the setup
 * link (`password`, or one made of the role) and not signed in; answers the password.
 */
export async function setUpInvitedAccount(
  server: TestServer,
  options: { email: string; role: UserRole; org?: string; name?: string; password?: string },
) {
  const { token } = await inviteWithSetupLink(server.deps, {
    email: options.email,
    role: options.role,
    name: options.name ?? `${options.role.toLowerCase()} person`,
    org: options.org ?? DEFAULT_ORGANISATION_ID,
  })
  const password = options.password ?? `${options.role} password`
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${setup.text}`)
  return password
}

/** The loopback SMTP receiver of a server started with SMTP_URL, where invitations arrive. */
type Receiver = Awaited<ReturnType<typeof startSmtpReceiver>>
type SellerLogin = InferResponseType<
  TypedApi['gold-estates']['sellers'][':id']['login']['$post'],
  201
>

/**
 * A seller's own Gold Estates account: `by` (a sales ADMIN or MANAGER, or a SUPERADMIN)
 * gives the seller a login with `role`, the seller sets a password through the setup link
 * (with SMTP_URL taken from the invitation in `receiver`) and signs in at the sales login.
 */
export async function signInSeller(
  server: TestServer,
  by: Client,
  seller: { id: string; email: string; role: 'SELLER' | 'MANAGER' | 'ADMIN' },
  receiver?: Receiver,
) {
  const link = await by.post(`/api/gold-estates/sellers/${seller.id}/login`, { role: seller.role })
  if (link.status !== 201) throw new Error(`seller login: ${link.status} ${link.text}`)
  const client = createClient(server.url)
  const password = `${seller.email} password`
  const answer: SellerLogin = link.json
  if (answer.invited && !receiver) throw new Error('seller login: invited by mail, no receiver')
  const token = answer.invited
    ? await takeInvitationToken(receiver as Receiver, seller.email)
    : answer.setupUrl.split('/setup/')[1]
  await client.post(`/api/auth/setup/${token}`, { password })
  const login = await client.post('/api/gold-estates/auth/login', {
    email: seller.email,
    password,
  })
  if (login.status !== 200) throw new Error(`sales login: ${login.status} ${login.text}`)
  return client
}

/**
 * A new seller that `by` adds to Gold Estates: the seller's id, and the seller signed in
 * as signInSeller signs one in.
 */
export async function signInNewSeller(
  server: TestServer,
  by: Client,
  seller: { name: string; email: string; role: 'SELLER' | 'MANAGER' | 'ADMIN' },
  receiver?: Receiver,
) {
  const { name, email, role } = seller
  const created = await by.post('/api/gold-estates/sellers', { name, email })
  if (created.status !== 201) throw new Error(`seller: ${created.status} ${created.text}`)
  const { id }: Seller = created.json
  return { id, client: await signInSeller(server, by, { id, email, role }, receiver) }
}

/**
 * Sellers `by` adds to Gold Estates, one per key (address `key@example.com`): their ids,
 * and `signIn(key, role)`, which signs one of them in as signInSeller does (with SMTP_URL,
 * through the invitation in `receiver`).
 */
export async function addSellers<Key extends string>(
  server: TestServer,
  by: Client,
  names: Record<Key, string>,
  receiver?: Receiver,
) {
  const ids = {} as Record<Key, string>
  for (const [key, name] of Object.entries(names) as [Key, string][]) {
    const created = await by.post('/api/gold-estates/sellers', {
      name,
      email: `${key}@example.com`,
    })
    if (created.status !== 201) throw new Error(`seller: ${created.status} ${created.text}`)
    ids[key] = (created.json as Seller).id
  }
  const signIn = (key: Key, role: 'SELLER' | 'MANAGER' | 'ADMIN') =>
    signInSeller(server, by, { id: ids[key], email: `${key}@example.com`, role }, receiver)
  return { ids, signIn }
}

/** A stranger who registers in the platform organisation (REGISTRATION=open), signed in. */
export async function signInRegisteredStranger(server: TestServer) {
  const stranger = createClient(server.url)
  const registration = { name: 'Sam Stranger', email: 'sam@example.com', password: 'sam pw 1234' }
  const registered = await stranger.post('/api/auth/register/email', registration)
  if (registered.status !== 201)
    throw new Error(`register: ${registered.status} ${registered.text}`)
  const login = await stranger.post('/api/auth/login/email', registration)
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
  return stranger
}

/** Organisation org-b's SUPERADMIN, signed in, who has launched Gold Estates. */
export async function signInOtherOrganisationOwner(server: TestServer) {
  await createOrganisation(server.deps, { id: 'org-b', name: 'B', slug: 'org-b' })
  const owner = await signInInvitedUser(server, {
    email: 'super@b.example',
    role: 'SUPERADMIN',
    org: 'org-b',
  })
  await launchGoldEstates(owner)
  return owner
}
