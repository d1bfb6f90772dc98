import type { Redis } from 'ioredis'
import type { JobGate, WhenUnreachable } from '../jobs/job-gate.ts'
import type { Logger } from '../logger.ts'
import { claimRedisKey, takeRedisLock } from './redis-lock.ts'

/**
 * A job's lock lives this long unless renewed (every third of it while the job runs): a
 * process that dies mid-run frees it this much later at most.
 */
const LOCK_TTL_MS = 30_000
/**
 * An occurrence's claim outlives by far the seconds between two processes firing the same
 * schedule, and no schedule comes back to the same key (the key holds the occurrence).
 */
const CLAIM_TTL_MS = 60 * 60 * 1000

const PREFIX = 'centraal:job:'

/**
 * The JobGate of processes that share a Redis: a run takes the job's lock for the
 * organisation (SET NX PX with a token, renewed while it runs, freed by compare and
 * delete), an occurrence is claimed once (SET NX PX, never freed), finish times are plain
 * keys. While Redis cannot be asked, each job does as its WhenUnreachable says; that is
 * logged once per job until Redis answers again.
 */
export function createRedisJobGate(redis: Redis, log: Logger): JobGate {
  const unreachable = new Set<string>()

  async function ask<T>(
    job: string,
    organisationId: string,
    question: () => Promise<T>,
    whenUnreachable: WhenUnreachable,
  ): Promise<T | WhenUnreachable> {
    try {
      const answer = await question()
      if (unreachable.delete(job)) log.info('redis answers again: job runs in one process', { job })
      return answer
    } catch (error) {
      if (!unreachable.has(job)) {
        unreachable.add(job)
        log.error(
          whenUnreachable === 'run'
            ? 'redis unreachable: job runs here without asking the other processes'
            : 'redis unreachable: job waits until redis answers',
          { job, organisationId, error },
        )
      }
      return whenUnreachable
    }
  }

  return {
    async runAlone(job, organisationId, work, whenUnreachable) {
      const key = `${PREFIX}${job}:${organisationId}`
      const lease = await ask(
        job,
        organisationId,
        () =>
          takeRedisLock(redis, key, LOCK_TTL_MS, (error) =>
            log.error('job lock lost while the job ran', { job, organisationId, error }),
          ),
        whenUnreachable,
      )
      if (lease === null || lease === 'skip') return false
      try {
        await work()
      } finally {
        if (lease !== 'run') await lease.release()
      }
      return true
    },
    async claimOccurrence(job, organisationId, occurrenceMs, whenUnreachable) {
      const key = `${PREFIX}${job}:${organisationId}:${occurrenceMs}`
      const claimed = await ask(
        job,
        organisationId,
        () => claimRedisKey(redis, key, CLAIM_TTL_MS),
        whenUnreachable,
      )
      return claimed === true || claimed === 'run'
    },
    async readFinishedAt(job, organisationId) {
      const value = await redis.get(`${PREFIX}${job}:${organisationId}:finished-at`)
      return value === null ? null : Number(value)
    },
    async writeFinishedAt(job, organisationId, at) {
      await redis.set(`${PREFIX}${job}:${organisationId}:finished-at`, String(at))
    },
  }
}
