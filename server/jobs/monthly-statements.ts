import { Cron } from 'croner'
import type { AppDeps } from '../app-deps.ts'
import { mailMonthlyStatements } from '../services/sales/statements/mail-monthly-statements.ts'
import type { JobGate } from './job-gate.ts'

/** 06:00 on the first of each month, in the server's time zone (TZ), as the backups. */
export const MONTHLY_STATEMENTS_SCHEDULE = '0 6 1 * *'

type Deps = Pick<
  AppDeps,
  'env' | 'systemDb' | 'directory' | 'organisations' | 'log' | 'heavyWorkPool'
> & {
  jobs: JobGate
}

/**
 * The monthly statement mails: on the first of the month each organisation's sellers with
 * commission activity the month before get their statement. With several processes the
 * one that claims the occurrence runs it (JobGate); while Redis cannot be asked each
 * runs it, and the outbox's dedupe key still sends each seller one mail.
 */
export function startMonthlyStatements(deps: Deps) {
  async function runOccurrence(occurrenceMs: number) {
    const ids = (await deps.organisations.heldIds()).map((id) => ({ id }))
    for (const { id } of ids) {
      try {
        const isMine = await deps.jobs.claimOccurrence(
          'monthly-statements',
          id,
          occurrenceMs,
          'run',
        )
        if (!isMine) continue
        const queued = await mailMonthlyStatements(deps, id, new Date(occurrenceMs))
        if (queued > 0) deps.log.info('monthly statements queued', { organisationId: id, queued })
      } catch (error) {
        deps.log.error('monthly statements failed', { organisationId: id, error })
      }
    }
  }
  const job = new Cron(
    MONTHLY_STATEMENTS_SCHEDULE,
    // No name: croner's names are global, and tests run several servers in one process.
    { mode: '5-part', unref: true, protect: true },
    async (self: Cron) => {
      // The occurrence is the scheduled minute, however late this process fires.
      const scheduled = self.currentRun()?.getTime() ?? Date.now()
      await runOccurrence(Math.floor(scheduled / 60_000) * 60_000)
    },
  )
  /**
   * Runs the schedule's last occurrence before `at`: a server that was down at 06:00 on the
   * first mails last month's statements once it is up. Sellers whose statement of that
   * month is queued already are passed over before anything is read or rendered, so a
   * restart later in the month costs a few queries; only the last missed month is caught up.
   */
  async function catchUp(at = new Date()) {
    const [last] = job.previousRuns(1, at)
    if (last) await runOccurrence(Math.floor(last.getTime() / 60_000) * 60_000)
  }
  const delayMs = deps.env.MONTHLY_STATEMENTS_CATCH_UP_SECONDS * 1000
  const catchingUp =
    delayMs > 0
      ? setTimeout(
          () => void catchUp().catch((error) => deps.log.error('catch-up failed', { error })),
          delayMs,
        )
      : undefined
  catchingUp?.unref()
  return {
    /** Runs the occurrence at `occurrenceMs` now (the tests). */
    runOccurrence,
    catchUp,
    nextRunAt: () => job.nextRun(),
    stop: () => {
      clearTimeout(catchingUp)
      job.stop()
    },
  }
}
