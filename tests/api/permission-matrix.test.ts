import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createApp } from '#server/app'
import type { Client } from '../support/http.ts'
import {
  cloneClient,
  IDENTITIES,
  type Identity,
  type MatrixTargets,
  signInIdentities,
} from '../support/identities.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// Who may call what: every route the app serves × every kind of caller, with the status
// each must get. The routes are read from the app, so a route added without a row here
// fails the test. Statuses: 401 no session of that area, 403 signed in without the right,
// 404 the target is not in the caller's organisation (or does not exist), "R" a sync push
// answered 200 with the write refused (recorded for the administrator). Rows marked
// `last` end the caller's session and run after all others.

type Answer = Awaited<ReturnType<Client['request']>>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Call = { method: string; path: string; body?: unknown; headers?: Record<string, string> }
type Row = {
  route: string
  /** The call(s) to make; absent: the route itself, a POST with an empty body. */
  call?: (targets: MatrixTargets, n: number, who: Identity) => Call | Call[]
  expected: string
  last?: boolean
}

let server: TestServer
let webRoot: string
let clients: Record<Identity, Client>
let targets: MatrixTargets

const CENTRAL_COLLECTIONS = ['users', 'appConnections', 'activities']
const SALES_COLLECTIONS = ['projects', 'sellers', 'sales', 'commissions', 'commissionPayments']

const get = (url: string): Call => ({ method: 'GET', path: url })
const post = (url: string, body: unknown = {}): Call => ({ method: 'POST', path: url, body })
const patch = (url: string, body: unknown): Call => ({ method: 'PATCH', path: url, body })
const put = (url: string, body: unknown): Call => ({ method: 'PUT', path: url, body })
const del = (url: string): Call => ({ method: 'DELETE', path: url })
const MISSING = '01900000-0000-7000-8000-000000000000'

/** A push that creates one new document of the collection, as a client would. */
function pushCreate(collection: string, targets: MatrixTargets, n: number): Call {
  const id = crypto.randomUUID()
  const documents: Record<string, Record<string, unknown>> = {
    users: { name: `Push ${n}`, email: `push-${n}@example.com`, role: 'USER', status: 'inactive' },
    appConnections: { name: `Push ${n}`, url: 'https://push.example', status: 'active' },
    activities: { type: 'user', user: 'x', action: 'x', timestamp: 1 },
    projects: { name: `Push ${n}`, status: 'active' },
    sellers: { name: `Push ${n}`, status: 'active' },
    sales: buildSalePayload({
      projectId: targets.projectId,
      clientName: `Push ${n}`,
      salePrice: 100_000_00,
      lines: [{ sellerId: targets.ownSellerId, percentage: 100 }],
    }),
    commissions: { status: 'paid' },
    commissionPayments: {
      commissionId: targets.commissionId,
      amount: 1,
      paidOn: '2026-01-01',
      note: null,
    },
  }
  return post(`/api/sync/v1/${collection}/push`, {
    rows: [{ newDocumentState: { ...documents[collection], id, _deleted: false } }],
  })
}

/** What a push creating one document of each collection gets, in ROWS's columns. */
const PUSHES: Record<string, string> = {
  users: '401 401 R R 200 200 200 200 401 401 401',
  appConnections: '401 401 R 200 200 200 200 200 401 401 401',
  activities: '401 401 R R R R R R 401 401 401',
  projects: '401 401 401 401 401 401 401 401 R R 200',
  sellers: '401 401 401 401 401 401 401 401 R R 200',
  sales: '401 401 401 401 401 401 401 401 200 200 200',
  commissions: '401 401 401 401 401 401 401 401 R R R',
  commissionPayments: '401 401 401 401 401 401 401 401 R 200 200',
}

//                                               out reg usr mgr adm cOw pOw oAd sel sMg sAd
const ROWS: Row[] = [
  // Public: the same answer for everyone.
  { route: 'GET /', expected: '200 200 200 200 200 200 200 200 200 200 200' },
  { route: 'GET /index.html', expected: '200 200 200 200 200 200 200 200 200 200 200' },
  {
    route: 'GET /*',
    call: () => get('/users'),
    expected: '200 200 200 200 200 200 200 200 200 200 200',
  },
  { route: 'GET /api/health', expected: '200 200 200 200 200 200 200 200 200 200 200' },
  {
    route: 'POST /api/auth/simple-setup',
    call: (_, n) => post('/api/auth/simple-setup', setupBody(n)),
    expected: '409 409 409 409 409 409 409 409 409 409 409',
  },
  {
    route: 'POST /api/auth/register/email',
    call: (_, n) => post('/api/auth/register/email', { ...setupBody(n), password: 'short' }),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  { route: 'GET /api/auth/registration', expected: '200 200 200 200 200 200 200 200 200 200 200' },
  {
    route: 'GET /api/auth/sign-in-options',
    expected: '200 200 200 200 200 200 200 200 200 200 200',
  },
  {
    route: 'POST /api/auth/login/email',
    call: (_, n) => post('/api/auth/login/email', { email: `nobody-${n}@x.nl`, password: 'x' }),
    expected: '401 401 401 401 401 401 401 401 401 401 401',
  },
  {
    // A choice token nobody was given: no caller opens a session with it.
    route: 'POST /api/auth/login/choose',
    call: () =>
      post('/api/auth/login/choose', {
        choiceToken: 'a'.repeat(32),
        organisationId: 'default-org',
      }),
    expected: '401 401 401 401 401 401 401 401 401 401 401',
  },
  {
    // A session opened alone proves no other organisation: nothing to switch to (decision 028).
    route: 'POST /api/auth/switch-organisation',
    call: () => post('/api/auth/switch-organisation', { organisationId: 'default-org' }),
    expected: '401 401 403 403 403 403 403 403 401 401 401',
  },
  {
    route: 'POST /api/auth/setup/:token',
    call: () => post(`/api/auth/setup/${'a'.repeat(32)}`, { password: 'long enough' }),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  {
    // The same answer for everyone, whatever the address (mail: password reset).
    route: 'POST /api/auth/forgot-password',
    call: (_, n) => post('/api/auth/forgot-password', { email: `nobody-${n}@x.nl` }),
    expected: '202 202 202 202 202 202 202 202 202 202 202',
  },
  {
    // Checked before the throttle counts (the per-client count above keeps its room).
    route: 'POST /api/gold-estates/auth/forgot-password',
    call: () => post('/api/gold-estates/auth/forgot-password', { email: 'not an address' }),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  {
    route: 'POST /api/auth/reset-password/:token',
    call: () => post(`/api/auth/reset-password/${'a'.repeat(32)}`, { password: 'long enough' }),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  { route: 'GET /api/admin/outbox', expected: '401 401 403 403 403 403 200 403 401 401 401' },
  { route: 'POST /api/admin/outbox/test', expected: '401 401 403 403 403 403 202 403 401 401 401' },
  {
    // A mail's unsubscribe link: the sealed token is the right, not a session.
    route: 'GET /api/mail/unsubscribe/:token',
    call: () => get('/api/mail/unsubscribe/v1.forged.token.here'),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  {
    route: 'POST /api/mail/unsubscribe/:token',
    call: () => post('/api/mail/unsubscribe/v1.forged.token.here'),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  { route: 'GET /api/login', expected: '302 302 302 302 302 302 302 302 302 302 302' },
  { route: 'GET /api/login/callback', expected: '302 302 302 302 302 302 302 302 302 302 302' },
  {
    route: 'GET /api/backup/google-drive/callback',
    call: () => get('/api/backup/google-drive/callback?state=forged&code=x'),
    expected: '302 302 302 302 302 302 302 302 302 302 302',
  },
  {
    route: 'POST /api/gold-estates/auth/login',
    call: (_, n) => post('/api/gold-estates/auth/login', { email: `no-${n}@x.nl`, password: 'x' }),
    expected: '401 401 401 401 401 401 401 401 401 401 401',
  },
  {
    route: 'POST /api/gold-estates/auth/login/choose',
    call: () =>
      post('/api/gold-estates/auth/login/choose', {
        choiceToken: 'a'.repeat(32),
        organisationId: 'default-org',
      }),
    expected: '401 401 401 401 401 401 401 401 401 401 401',
  },
  {
    route: 'POST /api/usage',
    call: () => post('/api/usage', { metric: 'api_calls', value: 1 }),
    expected: '401 401 401 401 401 401 401 401 401 401 401',
  },

  // Centraal: the signed-in person's own data.
  { route: 'GET /api/auth/user', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  // The organisation's place in the heavy-work queue: anyone signed in, for their own.
  { route: 'GET /api/heavy-work/place', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'GET /api/profile/notifications',
    expected: '401 401 200 200 200 200 200 200 401 401 401',
  },
  {
    route: 'PATCH /api/profile/notifications',
    call: () => patch('/api/profile/notifications', { activityAlerts: true }),
    expected: '401 401 200 200 200 200 200 200 401 401 401',
  },
  { route: 'GET /api/profile/email', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    // A wrong current password: the request is judged, nothing is mailed.
    route: 'POST /api/profile/email',
    call: (_, n) =>
      post('/api/profile/email', { email: `new-${n}@example.com`, password: 'wrong pw' }),
    expected: '401 401 403 403 403 403 403 403 401 401 401',
  },
  {
    route: 'POST /api/profile/email/confirm/:token',
    call: () => post('/api/profile/email/confirm/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },

  // Centraal: the organisation's data.
  { route: 'GET /api/stats', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  { route: 'GET /api/activities', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  { route: 'GET /api/organisation', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'PATCH /api/organisation',
    call: () => patch('/api/organisation', { contactEmail: 'info@example.com' }),
    expected: '401 401 403 403 200 200 200 200 401 401 401',
  },
  // The old paths, spelled the American way, answer as the new ones (decision 020).
  { route: 'GET /api/organization', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'PATCH /api/organization',
    call: () => patch('/api/organization', { contactEmail: 'info@example.com' }),
    expected: '401 401 403 403 200 200 200 200 401 401 401',
  },
  { route: 'GET /api/users', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  { route: 'GET /api/users/mail-bounces', expected: '401 401 403 403 200 200 200 200 401 401 401' },
  {
    route: 'POST /api/users',
    call: (_, n) => post('/api/users', { name: `Nieuw ${n}`, email: `nieuw-${n}@example.com` }),
    expected: '401 401 403 403 201 201 201 201 401 401 401',
  },
  {
    route: 'GET /api/users/registrations',
    expected: '401 401 403 403 200 200 200 200 401 401 401',
  },
  {
    route: 'POST /api/users/:id/approve',
    call: (t) => post(`/api/users/${t.userId}/approve`),
    expected: '401 401 403 403 409 404 409 404 401 401 401',
  },
  {
    route: 'PATCH /api/users/:id',
    call: (t) => patch(`/api/users/${t.userId}`, { name: 'Doel Gebruiker' }),
    expected: '401 401 403 403 200 404 200 404 401 401 401',
  },
  {
    route: 'DELETE /api/users/:id',
    call: () => del(`/api/users/${MISSING}`),
    expected: '401 401 403 403 404 404 404 404 401 401 401',
  },
  {
    route: 'POST /api/users/:id/setup-link',
    call: (t) => post(`/api/users/${t.userId}/setup-link`),
    expected: '401 401 403 403 201 404 201 404 401 401 401',
  },
  { route: 'GET /api/app-connections', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'POST /api/app-connections',
    call: (_, n) => post('/api/app-connections', { name: `App ${n}`, url: 'https://a.example' }),
    expected: '401 401 403 201 201 201 201 201 401 401 401',
  },
  {
    route: 'PATCH /api/app-connections/:id',
    call: (t) => patch(`/api/app-connections/${t.appId}`, { name: 'Doel App' }),
    expected: '401 401 403 200 200 404 200 404 401 401 401',
  },
  {
    route: 'DELETE /api/app-connections/:id',
    call: () => del(`/api/app-connections/${MISSING}`),
    expected: '401 401 403 404 404 404 404 404 401 401 401',
  },
  {
    route: 'POST /api/app-connections/:id/api-key',
    call: (t) => post(`/api/app-connections/${t.appId}/api-key`),
    expected: '401 401 403 201 201 404 201 404 401 401 401',
  },
  {
    route: 'GET /api/app-connections/:id/usage',
    call: (t) => get(`/api/app-connections/${t.appId}/usage`),
    expected: '401 401 200 200 200 404 200 404 401 401 401',
  },

  // Centraal: the owner's tools (backups, Gold Estates) and the platform's.
  {
    route: 'POST /api/admin/backup',
    call: () => post('/api/admin/backup', { format: 'json' }),
    expected: '401 401 403 403 403 200 200 403 401 401 401',
  },
  {
    route: 'POST /api/admin/restore',
    call: () => post('/api/admin/restore', {}),
    expected: '401 401 403 403 403 400 400 403 401 401 401',
  },
  {
    route: 'POST /api/admin/launch-gold-estates',
    expected: '401 401 403 403 403 200 200 403 401 401 401',
  },
  { route: 'GET /api/backup/settings', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'POST /api/backup/settings',
    call: () => post('/api/backup/settings', { retentionDays: 30 }),
    expected: '401 401 403 403 403 200 200 403 401 401 401',
  },
  {
    route: 'POST /api/backup/google-drive/connect',
    expected: '401 401 403 403 403 503 503 403 401 401 401',
  },
  {
    route: 'POST /api/backup/google-drive/disconnect',
    expected: '401 401 403 403 403 200 200 403 401 401 401',
  },
  {
    route: 'POST /api/backup/google-drive/run',
    expected: '401 401 403 403 403 409 409 403 401 401 401',
  },
  { route: 'GET /api/organisations', expected: '401 401 403 403 403 403 200 403 401 401 401' },
  {
    route: 'POST /api/organisations',
    call: (_, n) => post('/api/organisations', { name: `Org ${n}`, slug: `org-${n}` }),
    expected: '401 401 403 403 403 403 201 403 401 401 401',
  },
  {
    route: 'POST /api/organisations/:id/invite',
    call: (_, n) =>
      post('/api/organisations/org-c/invite', { name: `Eig ${n}`, email: `eig-${n}@x.nl` }),
    expected: '401 401 403 403 403 403 201 403 401 401 401',
  },
  { route: 'GET /api/organizations', expected: '401 401 403 403 403 403 200 403 401 401 401' },
  {
    route: 'POST /api/organizations',
    call: (_, n) => post('/api/organizations', { name: `Org ${n}`, slug: `org-old-${n}` }),
    expected: '401 401 403 403 403 403 201 403 401 401 401',
  },
  {
    route: 'POST /api/organizations/:id/invite',
    call: (_, n) =>
      post('/api/organizations/org-c/invite', { name: `Eig ${n}`, email: `eig-old-${n}@x.nl` }),
    expected: '401 401 403 403 403 403 201 403 401 401 401',
  },

  // Gold Estates.
  {
    route: 'GET /api/gold-estates/auth/user',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/projects',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'POST /api/gold-estates/projects',
    call: (_, n) => post('/api/gold-estates/projects', { name: `Project ${n}` }),
    expected: '401 401 401 401 401 401 401 401 403 403 201',
  },
  {
    route: 'PATCH /api/gold-estates/projects/:id',
    call: (t) => patch(`/api/gold-estates/projects/${t.projectId}`, { name: 'Doelproject' }),
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'GET /api/gold-estates/sellers',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/sellers/mail-bounces',
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'POST /api/gold-estates/sellers',
    call: (_, n) => post('/api/gold-estates/sellers', { name: `Verkoper ${n}` }),
    expected: '401 401 401 401 401 401 401 401 403 403 201',
  },
  {
    route: 'PATCH /api/gold-estates/sellers/:id',
    call: (t) => patch(`/api/gold-estates/sellers/${t.sellerId}`, { name: 'Doel Verkoper' }),
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'POST /api/gold-estates/sellers/:id/login',
    call: (t) => post(`/api/gold-estates/sellers/${t.sellerId}/login`, { role: 'SELLER' }),
    expected: '401 401 401 401 401 401 401 401 403 403 201',
  },
  { route: 'GET /api/gold-estates/sales', expected: '401 401 401 401 401 401 401 401 200 200 200' },
  {
    route: 'POST /api/gold-estates/sales',
    call: (t, n) =>
      post(
        '/api/gold-estates/sales',
        buildSalePayload({
          projectId: t.projectId,
          clientName: `Klant ${n}`,
          salePrice: 250_000_00,
          lines: [{ sellerId: t.ownSellerId, percentage: 100 }],
        }),
      ),
    expected: '401 401 401 401 401 401 401 401 201 201 201',
  },
  {
    route: 'GET /api/gold-estates/sales/:id',
    call: (t) => get(`/api/gold-estates/sales/${t.saleId}`),
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  // Commission plans (decision 039): the sales ADMIN writes them.
  {
    route: 'GET /api/gold-estates/commission-plans',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'POST /api/gold-estates/commission-plans',
    call: (_, n) =>
      post('/api/gold-estates/commission-plans', {
        name: `Plan ${n}`,
        period: 'year',
        mode: 'retroactive',
        from: '2025-01-01',
        roles: [{ role: 'closer', share: 60, tiers: [] }],
      }),
    expected: '401 401 401 401 401 401 401 401 403 403 201',
  },
  {
    route: 'PATCH /api/gold-estates/commission-plans/:id',
    call: () => patch(`/api/gold-estates/commission-plans/${MISSING}`, { name: 'Ander plan' }),
    expected: '401 401 401 401 401 401 401 401 403 403 404',
  },
  {
    route: 'PUT /api/gold-estates/sellers/:id/plan',
    call: (t) =>
      put(`/api/gold-estates/sellers/${t.sellerId}/plan`, { planId: MISSING, from: '2025-01-01' }),
    expected: '401 401 401 401 401 401 401 401 403 403 400',
  },
  {
    route: 'GET /api/gold-estates/sellers/:id/position',
    call: (t) => get(`/api/gold-estates/sellers/${t.sellerId}/position`),
    expected: '401 401 401 401 401 401 401 401 404 200 200',
  },
  {
    route: 'PUT /api/gold-estates/projects/:id/rate',
    call: (t) =>
      put(`/api/gold-estates/projects/${t.projectId}/rate`, {
        from: '2030-01-01',
        commissionPercentage: 3,
      }),
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'GET /api/gold-estates/commissions',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'PATCH /api/gold-estates/commissions/:id',
    call: (t) => patch(`/api/gold-estates/commissions/${t.commissionId}`, { status: 'pending' }),
    expected: '401 401 401 401 401 401 401 401 403 200 200',
  },
  {
    route: 'GET /api/gold-estates/commissions/dashboard',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/stats/detailed',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/settings',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'PATCH /api/gold-estates/settings',
    call: () => patch('/api/gold-estates/settings', { paymentTermDays: 30 }),
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'GET /api/gold-estates/profile/notifications',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'PATCH /api/gold-estates/profile/notifications',
    call: () => patch('/api/gold-estates/profile/notifications', { activityAlerts: true }),
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/profile/email',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    // A wrong current password (or a sign-in LAUNCH APP opened): judged, nothing mailed.
    route: 'POST /api/gold-estates/profile/email',
    call: (_, n) =>
      post('/api/gold-estates/profile/email', {
        email: `new-sales-${n}@example.com`,
        currentPassword: 'wrong pw',
      }),
    expected: '401 401 401 401 401 401 401 401 403 403 403',
  },
  {
    route: 'POST /api/gold-estates/profile/email/confirm/:token',
    call: () => post('/api/gold-estates/profile/email/confirm/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'),
    expected: '400 400 400 400 400 400 400 400 400 400 400',
  },
  {
    route: 'GET /api/gold-estates/sheets/status',
    expected: '401 401 401 401 401 401 401 401 403 200 200',
  },
  {
    route: 'GET /api/gold-estates/sheets/info',
    call: () => get('/api/gold-estates/sheets/info?spreadsheetId=1AbCdEfGhIjKlMnOp'),
    expected: '401 401 401 401 401 401 401 401 403 503 503',
  },
  {
    route: 'GET /api/gold-estates/sheets/data',
    call: () => get('/api/gold-estates/sheets/data?spreadsheetId=1AbCdEfGhIjKlMnOp'),
    expected: '401 401 401 401 401 401 401 401 403 503 503',
  },
  {
    route: 'POST /api/gold-estates/sheets/sync',
    call: () => post('/api/gold-estates/sheets/sync', { spreadsheetId: '1AbCdEfGhIjKlMnOp' }),
    expected: '401 401 401 401 401 401 401 401 403 503 503',
  },
  {
    route: 'POST /api/gold-estates/sheets/import',
    call: () => ({
      method: 'POST',
      path: '/api/gold-estates/sheets/import?fileName=verkopen.csv',
      body: 'Klant,Project\n',
      headers: { 'content-type': 'text/csv' },
    }),
    expected: '401 401 401 401 401 401 401 401 403 400 400',
  },

  // Replication: pull and push of every collection, and the stream of each area.
  {
    route: 'GET /api/sync/:version/:collection/pull',
    call: () => CENTRAL_COLLECTIONS.map((name) => get(`/api/sync/v1/${name}/pull`)),
    expected: '401 401 200 200 200 200 200 200 401 401 401',
  },
  {
    route: 'GET /api/sync/:version/:collection/pull',
    call: () => SALES_COLLECTIONS.map((name) => get(`/api/sync/v1/${name}/pull`)),
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  ...Object.entries(PUSHES).map(([collection, expected]) => ({
    route: 'POST /api/sync/:version/:collection/push',
    call: (t: MatrixTargets, n: number) => pushCreate(collection, t, n),
    expected,
  })),
  {
    route: 'GET /api/sync/:version/stream',
    call: () => get('/api/sync/v1/stream'),
    expected: '401 401 200 200 200 200 200 200 401 401 401',
  },
  {
    route: 'GET /api/sync/:version/stream',
    call: () => get('/api/sync/v1/stream?area=sales'),
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },

  // Payout statements: a SELLER downloads their own, the zip needs sales.read.all.
  {
    route: 'GET /api/gold-estates/statements/:sellerId',
    call: (t) =>
      get(`/api/gold-estates/statements/${t.ownSellerId}?dateFrom=2020-01-01&dateTo=2030-12-31`),
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/statements',
    call: () => get('/api/gold-estates/statements?dateFrom=2020-01-01&dateTo=2030-12-31'),
    expected: '401 401 401 401 401 401 401 401 403 200 200',
  },
  {
    route: 'GET /api/gold-estates/heavy-work/place',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },

  // The life of a deal. Two sync parts and two REST parts of 1 cent are booked on the
  // target line before the correction, which carries that paid total (4).
  {
    route: 'POST /api/gold-estates/commissions/:id/payments',
    call: (t) =>
      post(`/api/gold-estates/commissions/${t.commissionId}/payments`, {
        amount: 1,
        paidOn: '2026-01-01',
      }),
    expected: '401 401 401 401 401 401 401 401 403 201 201',
  },
  {
    route: 'DELETE /api/gold-estates/commission-payments/:id',
    call: () => del(`/api/gold-estates/commission-payments/${MISSING}`),
    expected: '401 401 401 401 401 401 401 401 403 404 404',
  },
  {
    route: 'PATCH /api/gold-estates/sales/:id',
    call: (t) =>
      patch(`/api/gold-estates/sales/${t.saleId}`, {
        clientName: 'Gecorrigeerd',
        propertyNumber: 'B-1',
        saleDate: '2026-01-01',
        salePrice: 310_000_00,
        commissionPercentage: 5,
        splits: [{ sellerId: t.ownSellerId, commissionType: 'sales', commissionPercentage: 100 }],
        paidTotal: 4,
      }),
    expected: '401 401 401 401 401 401 401 401 403 200 200',
    last: true,
  },
  // The review of a SELLER's split: each approver meets a sale of their own still under
  // review; the SELLER (its author) has no right to either.
  {
    route: 'POST /api/gold-estates/sales/:id/approve',
    call: (t, _, who) => {
      const id = t.reviewSaleIds.approve[who] ?? MISSING
      return post(`/api/gold-estates/sales/${id}/approve`, { seq: t.reviewSaleSeqs[id] ?? 0 })
    },
    expected: '401 401 401 401 401 401 401 401 403 200 200',
  },
  {
    route: 'POST /api/gold-estates/sales/:id/reject',
    call: (t, _, who) => {
      const id = t.reviewSaleIds.reject[who] ?? MISSING
      return post(`/api/gold-estates/sales/${id}/reject`, {
        seq: t.reviewSaleSeqs[id] ?? 0,
        reason: 'Verdeling klopt niet',
      })
    },
    expected: '401 401 401 401 401 401 401 401 403 200 200',
  },
  {
    route: 'POST /api/gold-estates/sales/:id/cancel',
    call: (t) => post(`/api/gold-estates/sales/${t.saleId}/cancel`, { reason: 'Matrix' }),
    expected: '401 401 401 401 401 401 401 401 403 200 409',
    last: true,
  },

  // Refused replicated writes: each area's own, everyone's for the area's administrators.
  { route: 'GET /api/sync-refusals', expected: '401 401 200 200 200 200 200 200 401 401 401' },
  {
    route: 'GET /api/sync-refusals',
    call: () => get('/api/sync-refusals?scope=organisation'),
    expected: '401 401 403 403 200 200 200 200 401 401 401',
  },
  {
    route: 'POST /api/sync-refusals/:id/dismiss',
    call: () => post(`/api/sync-refusals/${MISSING}/dismiss`),
    expected: '401 401 404 404 404 404 404 404 401 401 401',
  },
  {
    route: 'GET /api/gold-estates/sync-refusals',
    expected: '401 401 401 401 401 401 401 401 200 200 200',
  },
  {
    route: 'GET /api/gold-estates/sync-refusals',
    call: () => get('/api/gold-estates/sync-refusals?scope=organisation'),
    expected: '401 401 401 401 401 401 401 401 403 403 200',
  },
  {
    route: 'POST /api/gold-estates/sync-refusals/:id/dismiss',
    call: () => post(`/api/gold-estates/sync-refusals/${MISSING}/dismiss`),
    expected: '401 401 401 401 401 401 401 401 404 404 404',
  },

  // The logout page asks and ends nothing.
  { route: 'GET /api/logout', expected: '200 200 200 200 200 200 200 200 200 200 200' },

  // Session enders, after everything else.
  {
    route: 'POST /api/gold-estates/auth/logout',
    expected: '200 200 200 200 200 200 200 200 200 200 200',
    last: true,
  },
  {
    route: 'POST /api/logout',
    expected: '200 200 200 200 200 200 200 200 200 200 200',
    last: true,
  },
]

/** A row's route called as written: its method on its path (a POST with `{}`). */
function routeItself(route: string): Call {
  const [method = '', path = ''] = route.split(' ')
  return method === 'GET' ? get(path) : post(path)
}

function setupBody(n: number) {
  return { name: `Iemand ${n}`, email: `iemand-${n}@example.com`, password: 'long enough 1' }
}

/**
 * One call as one identity: a copy of its client, so cookie changes stay in the cell, from
 * an address of its own (behind TRUST_PROXY), so one cell's failures throttle no other.
 */
async function send(who: Identity, call: Call, n: number): Promise<string> {
  const client = cloneClient(server, clients[who])
  if (call.path.includes('/stream')) return openStream(client, call.path)
  const address = { 'x-forwarded-for': `10.${Math.floor(n / 250) % 250}.${n % 250}.1` }
  const headers = { ...address, ...call.headers }
  const answer: Answer = await client.request(call.method, call.path, call.body, headers)
  if (call.path.endsWith('/push') && answer.status === 200) {
    const pushed: Pushed = answer.json
    return pushed.refused.length > 0 ? 'R' : '200'
  }
  return String(answer.status)
}

/** The status of an event stream, closed as soon as it answers. */
async function openStream(client: Client, url: string) {
  const controller = new AbortController()
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const response = await fetch(`${server.url}${url}`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  })
  controller.abort()
  return String(response.status)
}

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'centraal-web-'))
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="nl"></html>')
  server = await startTestServer({ TRUST_PROXY: 'true' }, { webRoot })
  ;({ clients, targets } = await signInIdentities(server))
}, 120_000)
afterAll(async () => {
  await server?.close()
})

test('every route the app serves has a row in the matrix, and every row a route', () => {
  const served = new Set(
    createApp(server.deps, { webRoot })
      .routes.filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`),
  )
  const covered = new Set(ROWS.map((row) => row.route))
  expect([...served].filter((route) => !covered.has(route)).sort()).toEqual([])
  expect([...covered].filter((route) => !served.has(route)).sort()).toEqual([])
})

test('each caller gets the status written for each route', async () => {
  let n = 0
  const differences: string[] = []
  const ordered = [...ROWS.filter((row) => !row.last), ...ROWS.filter((row) => row.last)]
  for (const row of ordered) {
    const expected = row.expected.split(/\s+/)
    expect(expected, row.route).toHaveLength(IDENTITIES.length)
    for (const [index, who] of IDENTITIES.entries()) {
      n++
      const calls = [row.call?.(targets, n, who) ?? routeItself(row.route)].flat()
      for (const call of calls) {
        const got = await send(who, call, n)
        if (got !== expected[index]) {
          differences.push(
            `${call.method} ${call.path} as ${who}: ${got}, expected ${expected[index]}`,
          )
        }
      }
    }
  }
  expect(differences).toEqual([])
}, 180_000)
