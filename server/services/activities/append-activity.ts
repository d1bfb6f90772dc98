import { v7 as uuidv7 } from 'uuid'
import type { ActivityType } from '#schema/activity-types'
import { activities } from '#schema/db/organisation'
import type { ActivityAuthor } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'

type Writer = Pick<OrganisationDb, 'insert' | 'get'>

/** Appends one activity inside the caller's write transaction. */
export function appendActivity(
  tx: Writer,
  organisationId: string,
  actor: ActivityAuthor,
  activity: {
    type: ActivityType
    action: string
    target?: string
    metadata?: Record<string, unknown>
  },
) {
  const now = Date.now()
  tx.insert(activities)
    .values({
      id: uuidv7(),
      seq: takeNextSeq(tx),
      updatedAt: now,
      organisationId: organisationId,
      user: actor.name,
      userId: actor.userId,
      action: activity.action,
      target: activity.target,
      timestamp: now,
      type: activity.type,
      metadata: activity.metadata,
    })
    .run()
}

/** An activity a person did to their own account: they are its author and its target. */
export function appendOwnAccountActivity(
  tx: Writer,
  organisationId: string,
  person: { id: string; name: string },
  action: string,
) {
  appendActivity(
    tx,
    organisationId,
    { userId: person.id, name: person.name },
    { type: 'user', action, target: person.name },
  )
}
