import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, eq, inArray, ne } from 'drizzle-orm'
import { sales, salesProjects, salesUsers } from '#schema/db/organisation'
import { SALES_ROLE_PERMISSIONS } from '#schema/permissions'
import { SALES_ROLES } from '#schema/roles'
import type { AppDeps } from '../app-deps.ts'
import { queueNotification } from '../services/notifications/queue-notification.ts'
import type { JobGate } from './job-gate.ts'
import { type ClaimedJob, startClaimedJob } from './start-claimed-job.ts'

type Deps = Pick<AppDeps, 'systemDb' | 'organisations' | 'log'>

/** Every morning at seven, Amsterdam time: the day's work starts with the list. */
const DIGEST: ClaimedJob = {
  name: 'review-digest',
  schedule: '0 7 * * *',
  timezone: 'Europe/Amsterdam',
  periodMs: 24 * 60 * 60 * 1000,
  failure: 'review digest failed',
}
/** Sales a digest names; it counts the rest. */
const LISTED = 50
const APPROVER_ROLES = SALES_ROLES.filter((role) =>
  SALES_ROLE_PERMISSIONS[role].includes('sales.approve'),
)

/**
 * Queues, in one organisation's file, a digest for each approver (a Gold Estates account
 * with `sales.approve`, both switches on) of the sales waiting for their review: none
 * when nothing waits, and a sale is never put before the approver who registered it.
 * Answers how many digests were queued.
 */
export function queueOrganisationReviewDigests(deps: Deps, organisationId: string) {
  const db = deps.organisations.get(organisationId)
  const waiting = db
    .select({
      saleId: sales.id,
      clientName: sales.clientName,
      propertyNumber: sales.propertyNumber,
      projectName: salesProjects.name,
      createdBy: sales.createdBy,
      sellerName: salesUsers.name,
    })
    .from(sales)
    .leftJoin(salesProjects, eq(salesProjects.id, sales.projectId))
    .leftJoin(salesUsers, eq(salesUsers.id, sales.createdBy))
    .where(
      and(
        eq(sales.reviewStatus, 'pending'),
        eq(sales.deleted, false),
        ne(sales.status, 'cancelled'),
      ),
    )
    .orderBy(sales.createdAt)
    .all()
  if (waiting.length === 0) return 0
  const approvers = db
    .select({ id: salesUsers.id, email: salesUsers.email })
    .from(salesUsers)
    .where(
      and(
        inArray(salesUsers.role, APPROVER_ROLES),
        eq(salesUsers.status, 'active'),
        eq(salesUsers.emailNotifications, true),
        eq(salesUsers.activityAlerts, true),
      ),
    )
    .all()
  let queued = 0
  db.transaction((tx) => {
    for (const approver of approvers) {
      const theirs = waiting.filter((sale) => sale.createdBy !== approver.id)
      if (theirs.length === 0) continue
      queueNotification(tx, {
        kind: 'review-digest',
        recipientKind: 'sales-user',
        recipientId: approver.id,
        recipient: approver.email,
        payload: {
          total: theirs.length,
          sales: theirs.slice(0, LISTED).map(({ createdBy, ...sale }) => ({
            ...sale,
            sellerName: sale.sellerName ?? '',
            projectName: sale.projectName ?? '',
          })),
        },
      })
      queued++
    }
  })
  return queued
}

/** The day's digests in every organisation, a turn of the event loop between files. */
export async function queueReviewDigests(deps: Deps) {
  const ids = (await deps.organisations.heldIds()).map((id) => ({ id }))
  let queued = 0
  for (const { id } of ids) {
    try {
      queued += queueOrganisationReviewDigests(deps, id)
    } catch (error) {
      deps.log.error('review digest failed', { organisationId: id, error })
    }
    await nextTurn()
  }
  return queued
}

/**
 * Starts the daily digest; the returned function stops it. One process queues it a day
 * (startClaimedJob): a digest twice reaches people twice; tomorrow's names the same sales.
 */
export function startReviewDigests(deps: Deps & { jobs: JobGate }) {
  return startClaimedJob(deps, DIGEST, () => queueReviewDigests(deps))
}
