import { format } from 'date-fns/format'
import type { z } from 'zod'
import type { UsageReportSchema } from '#schema/usage'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import { recordUsage } from './record-usage.ts'
import { requireMetricRoom } from './require-metric-room.ts'

type Pending = {
  appConnectionId: string
  report: z.infer<typeof UsageReportSchema>
  resolve: () => void
  reject: (error: unknown) => void
}

/**
 * Group commit for usage reports: reports that arrive together are written in one
 * transaction (one fsync under synchronous=FULL) and each caller is answered only after
 * that commit, so an acknowledged report is durable.
 */
export class UsageBatcher {
  readonly #pending = new Map<string, Pending[]>()

  constructor(private readonly organisations: OrganisationCache) {}

  /** Resolves once the report is committed. */
  record(organisationId: string, appConnectionId: string, report: Pending['report']) {
    return new Promise<void>((resolve, reject) => {
      const queue = this.#pending.get(organisationId)
      if (queue) {
        queue.push({ appConnectionId, report, resolve, reject })
        return
      }
      this.#pending.set(organisationId, [{ appConnectionId, report, resolve, reject }])
      setImmediate(() => this.#flush(organisationId))
    })
  }

  #flush(organisationId: string) {
    const batch = this.#pending.get(organisationId) ?? []
    this.#pending.delete(organisationId)
    try {
      const db = this.organisations.get(organisationId)
      const refused = new Map<Pending, unknown>()
      db.transaction(() => {
        for (const item of batch) {
          const date = item.report.date ?? format(new Date(), 'yyyy-MM-dd')
          try {
            requireMetricRoom(db, item.appConnectionId, item.report.metric, date)
          } catch (error) {
            // One report over the bound is refused alone; the batch's others are counted.
            refused.set(item, error)
            continue
          }
          recordUsage(
            db,
            { organisationId, appConnectionId: item.appConnectionId },
            {
              ...item.report,
              date,
            },
          )
        }
      })
      for (const item of batch) {
        if (refused.has(item)) item.reject(refused.get(item))
        else item.resolve()
      }
    } catch (error) {
      for (const item of batch) item.reject(error)
    }
  }
}
