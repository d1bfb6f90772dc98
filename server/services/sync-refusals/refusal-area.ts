import { and, eq, inArray } from 'drizzle-orm'
import { syncQueue } from '#schema/db/organisation'
import type { PermissionName } from '#schema/permissions'
import type { SyncRefusalScope } from '#schema/sync-refusals'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * One area's refusals: the collections its session replicates, the permission that shows
 * everyone's, and where its people are (central users or Gold Estates accounts, whose
 * ids are the sync_queue's userId for that area).
 */
export type RefusalArea = {
  collections: readonly string[]
  organisationPermission: PermissionName
  people: 'central' | 'sales'
}

/** Whether the actor may see and dismiss everyone's refusals in the area. */
export function canSeeOrganisation(ctx: ServiceContext, area: RefusalArea) {
  return ctx.actor.permissions.has(area.organisationPermission)
}

/**
 * The rows a scope reaches: still refused, of the area's collections, in the actor's
 * organisation (checked here too, though the file is the organisation's: a row is never
 * trusted to be), and the actor's own unless the scope is the organisation's, which
 * needs the area's permission (403 without it).
 */
export function whereRefusals(ctx: ServiceContext, area: RefusalArea, scope: SyncRefusalScope) {
  if (scope === 'organisation') requirePermission(ctx.actor, area.organisationPermission)
  return and(
    eq(syncQueue.status, 'refused'),
    eq(syncQueue.organisationId, ctx.actor.organisationId),
    inArray(syncQueue.entity, [...area.collections]),
    scope === 'own' ? eq(syncQueue.userId, ctx.actor.userId ?? '') : undefined,
  )
}
