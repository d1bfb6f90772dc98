/**
 * What a job does while Redis cannot say whether another process runs it: `run` where a
 * run twice costs little and a missed one costs data (backups, copies), `skip` where a
 * run twice reaches someone twice (a lead) or a later run does the same (pruning).
 */
export type WhenUnreachable = 'run' | 'skip'

/**
 * Decides which process runs a scheduled job for an organisation. One process alone
 * (no REDIS_URL) runs everything itself (LOCAL_JOB_GATE); several that share a Redis take
 * a lock there first (server/cluster/redis-job-gate.ts).
 */
export type JobGate = {
  /**
   * Runs `work` while holding the job's lock for the organisation, and answers whether it
   * ran: false when another process holds the lock (it runs the job now).
   */
  runAlone(
    job: string,
    organisationId: string,
    work: () => Promise<void>,
    whenUnreachable: WhenUnreachable,
  ): Promise<boolean>
  /**
   * Claims one occurrence of a schedule (its time, in ms) for the organisation: true in
   * the one process that gets it, however late the others fire.
   */
  claimOccurrence(
    job: string,
    organisationId: string,
    occurrenceMs: number,
    whenUnreachable: WhenUnreachable,
  ): Promise<boolean>
  /** When the job last finished for the organisation in any process; null if unknown. */
  readFinishedAt(job: string, organisationId: string): Promise<number | null>
  /** Records when the job finished for the organisation, for readFinishedAt. */
  writeFinishedAt(job: string, organisationId: string, at: number): Promise<void>
}

/** One process: it runs every job itself, as if it always got the lock. */
export const LOCAL_JOB_GATE: JobGate = {
  async runAlone(_job, _organisationId, work) {
    await work()
    return true
  },
  claimOccurrence: async () => true,
  readFinishedAt: async () => null,
  writeFinishedAt: async () => undefined,
}
