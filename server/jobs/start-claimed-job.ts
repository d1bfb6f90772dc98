import { Cron } from 'croner'
import type { AppDeps } from '../app-deps.ts'
import type { JobGate } from './job-gate.ts'

/** A job on a schedule that one process runs per period, whichever organisations it covers. */
export type ClaimedJob = {
  /** The job's name at the JobGate. */
  name: string
  /** A five-part cron expression. */
  schedule: string
  timezone?: string
  /** What one occurrence is: the period it falls in (an hour, a day). */
  periodMs: number
  /** What the log says when a run fails. */
  failure: string
}

/**
 * Starts the job; the returned function stops it. Several processes fire together: the one
 * that claims the period (JobGate) runs it; while Redis cannot be asked, none does. A run
 * still busy is not started twice.
 */
export function startClaimedJob(
  deps: Pick<AppDeps, 'log'> & { jobs: JobGate },
  job: ClaimedJob,
  run: () => Promise<unknown>,
) {
  const cron = new Cron(
    job.schedule,
    {
      ...(job.timezone && { timezone: job.timezone }),
      mode: '5-part',
      unref: true,
      protect: true,
      catch: (error) => deps.log.error(job.failure, { error }),
    },
    async () => {
      const period = Math.floor(Date.now() / job.periodMs) * job.periodMs
      if (await deps.jobs.claimOccurrence(job.name, 'all', period, 'skip')) await run()
    },
  )
  return () => cron.stop()
}
