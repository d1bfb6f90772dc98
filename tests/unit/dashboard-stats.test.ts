import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import 'fake-indexeddb/auto'
import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { firstValueFrom } from 'rxjs'
import { afterAll, expect, test } from 'vitest'
import {
  computeStats,
  computeUserGrowth,
  countRecentActivities,
  GROWTH_TIME_ZONE,
  getMonthStart,
  RECENT_ACTIVITY_WINDOW_MS,
  tallyStatuses,
} from '#schema/dashboard-stats'
import { activities, appConnections, users } from '#schema/db/organisation'
import { ROLE_PERMISSIONS } from '#schema/permissions'
import type { ServiceContext } from '#server/context'
import { takeNextSeq } from '#server/db/next-seq'
import { openOrganisationDb } from '#server/db/open-organisation-db'
import { SERVER_COLLECTIONS } from '#server/replication/collections/index'
import { pullChanges } from '#server/replication/pull'
import { getStats } from '#server/services/stats/get-stats'
import { addReplicatedCollections } from '#sync/client/add-replicated-collections'
import { CENTRAL_COLLECTIONS, type CentralCollections } from '#sync/client/collections'
import { watchDashboardData } from '#web/central/dashboard/use-dashboard-data.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-stats-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const DAY = 24 * 60 * 60 * 1000

/**
 * A device's local database as the browser opens it (RxDB on Dexie, the central
 * collections) holding what the server's pull answers `ctx`: its live rows, and its
 * deleted ones as the tombstones a replicated deletion leaves.
 */
async function openDeviceHolding(ctx: ServiceContext) {
  const db = await createRxDatabase({
    name: `dashboard-parity-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageDexie(),
    multiInstance: false,
  })
  await addReplicatedCollections(db, CENTRAL_COLLECTIONS)
  for (const { local, remote } of CENTRAL_COLLECTIONS) {
    const collection = SERVER_COLLECTIONS.get(remote)
    if (!collection) throw new Error(`no server collection ${remote}`)
    const { documents } = pullChanges(ctx, collection, 0, 1000)
    const local$ = db.collections[local] as RxCollection
    await local$.bulkInsert(documents.map(({ _deleted, ...document }) => document))
    await local$.bulkRemove(documents.filter((document) => document._deleted).map(({ id }) => id))
  }
  // The collections the dashboard reads, as the browser's database types them.
  return db as unknown as RxDatabase<CentralCollections>
}

test('counts live rows, active ones, and activities of the last 7 days', () => {
  const now = 1_760_000_000_000
  const stats = computeStats({
    users: tallyStatuses([{ status: 'active' }, { status: 'inactive' }, { status: 'suspended' }]),
    apps: tallyStatuses([{ status: 'active' }, { status: 'syncing' }]),
    recentActivities: countRecentActivities(
      [
        { timestamp: now },
        { timestamp: now - RECENT_ACTIVITY_WINDOW_MS },
        { timestamp: now - RECENT_ACTIVITY_WINDOW_MS - 1 },
      ],
      now,
    ),
    usersAtMonthStart: 2,
  })
  expect(stats).toEqual({
    totalUsers: 3,
    activeUsers: 1,
    totalApps: 2,
    activeApps: 1,
    recentActivities: 2,
    usersAtMonthStart: 2,
    userGrowthPercentage: 50,
  })
  expect(
    computeStats({
      users: tallyStatuses([]),
      apps: tallyStatuses([]),
      recentActivities: countRecentActivities([], now),
      usersAtMonthStart: 0,
    }),
  ).toEqual({
    totalUsers: 0,
    activeUsers: 0,
    totalApps: 0,
    activeApps: 0,
    recentActivities: 0,
    usersAtMonthStart: 0,
    userGrowthPercentage: null,
  })
})

test('the Groei card: users now against those there when the month began, Amsterdam time', () => {
  // No one before this month: no last month to compare with.
  expect(computeUserGrowth(5, 0)).toBeNull()
  expect(computeUserGrowth(3, 3)).toBe(0)
  expect(computeUserGrowth(4, 3)).toBe(33.3)
  expect(computeUserGrowth(2, 3)).toBe(-33.3)
  // Months begin at midnight in the Netherlands, in winter (UTC+1) and summer (UTC+2).
  expect(getMonthStart(Date.parse('2026-12-02T05:00:00Z'))).toBe(Date.parse('2026-11-30T23:00Z'))
  expect(getMonthStart(Date.parse('2026-11-30T23:30:00Z'))).toBe(Date.parse('2026-11-30T23:00Z'))
  expect(getMonthStart(Date.parse('2026-07-31T21:30:00Z'))).toBe(Date.parse('2026-06-30T22:00Z'))
  expect(getMonthStart(Date.parse('2026-07-31T22:30:00Z'))).toBe(Date.parse('2026-07-31T22:00Z'))
})

test("the server's GET /api/stats agrees with the browser's dashboard on the same rows", async () => {
  const db = openOrganisationDb(dataDir, 'stats-org', 'Stats')
  const now = Date.now()
  const statuses = ['active', 'inactive', 'suspended', 'active'] as const
  const appStatuses = ['active', 'syncing', 'error', 'inactive', 'active']
  db.transaction((tx) => {
    /** A row's id and what every synced row of the organisation holds besides. */
    const syncedRow = (id: string) => ({
      id,
      seq: takeNextSeq(tx),
      updatedAt: now,
      organisationId: 'stats-org',
    })
    for (let index = 0; index < 37; index++) {
      tx.insert(users)
        .values({
          ...syncedRow(`user-${index}`),
          name: `Persoon ${index}`,
          email: `persoon${index}@example.com`,
          status: statuses[index % statuses.length],
          deleted: index % 9 === 0,
          // Every third one joined this month; the others 40 days before.
          createdAt: index % 3 === 0 ? now : now - 40 * DAY,
        })
        .run()
    }
    for (let index = 0; index < 23; index++) {
      tx.insert(appConnections)
        .values({
          ...syncedRow(`app-${index}`),
          name: `App ${index}`,
          url: `https://app${index}.example.com`,
          status: appStatuses[index % appStatuses.length],
          deleted: index % 7 === 0,
          createdAt: now,
        })
        .run()
    }
    for (let index = 0; index < 30; index++) {
      tx.insert(activities)
        .values({
          ...syncedRow(`activity-${index}`),
          user: 'Root',
          action: 'Iets gedaan',
          // From today back to 14.5 days ago, so some fall outside the 7-day window.
          timestamp: now - index * DAY * 0.5,
          type: 'app',
        })
        .run()
    }
  })
  const ctx = {
    db,
    systemDb: undefined as never,
    directory: undefined as never,
    actor: {
      userId: null,
      name: 'test',
      role: 'ADMIN' as const,
      organisationId: 'stats-org',
      permissions: new Set(ROLE_PERMISSIONS.ADMIN),
    },
  }
  // The browser's side: its own counts (the dashboard's) in a device's local database
  // (RxDB on Dexie, as in the browser) holding what the server's pull hands it.
  const device = await openDeviceHolding(ctx)
  const browser = (await firstValueFrom(watchDashboardData(device, now))).stats
  await device.remove()
  const server = getStats(ctx, now)
  expect(browser).toEqual(server)
  expect(server.totalUsers).toBe(32)
  expect(server.recentActivities).toBe(15)
  expect(server.usersAtMonthStart).toBe(24)
  expect(server.userGrowthPercentage).toBe(33.3)
  db.$client.close()
})

test("Amsterdam's wall clock is worked out as Intl's time-zone data gives it, around every change and at random", () => {
  const intl = new Intl.DateTimeFormat('en-GB', {
    timeZone: GROWTH_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
  const monthStartByIntl = (at: number) => {
    // The first of the month in Amsterdam, found by walking back to its local midnight.
    const parts = Object.fromEntries(
      intl.formatToParts(at).map((part) => [part.type, Number(part.value)]),
    )
    const guess = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, 1)
    const offsetOf = (instant: number) => {
      const local = Object.fromEntries(
        intl.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
      )
      const wall = Date.UTC(
        local.year ?? 0,
        (local.month ?? 1) - 1,
        local.day ?? 1,
        local.hour ?? 0,
        local.minute ?? 0,
      )
      return wall - instant
    }
    return guess - offsetOf(guess - 2 * 60 * 60 * 1000)
  }
  const instants: number[] = []
  for (let year = 2000; year <= 2040; year++) {
    for (const month of [2, 9]) {
      // Every 15 minutes of the last week of March and October, through the change.
      const from = Date.UTC(year, month, 24)
      for (let at = from; at < from + 8 * 24 * 60 * 60 * 1000; at += 15 * 60 * 1000) {
        instants.push(at)
      }
    }
    // Around each month's start, where a month is one in UTC and the next in Amsterdam.
    for (let month = 0; month < 12; month++) {
      const first = Date.UTC(year, month, 1)
      for (
        let at = first - 3 * 60 * 60 * 1000;
        at <= first + 60 * 60 * 1000;
        at += 10 * 60 * 1000
      ) {
        instants.push(at)
      }
    }
  }
  let seed = 20261203
  for (let index = 0; index < 5000; index++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    instants.push(Date.UTC(2000, 0, 1) + (seed / 2 ** 31) * 40 * 365 * 24 * 60 * 60 * 1000)
  }
  const differing = instants.filter((at) => getMonthStart(at) !== monthStartByIntl(at))
  expect(differing.map((at) => new Date(at).toISOString()).slice(0, 5)).toEqual([])
})
