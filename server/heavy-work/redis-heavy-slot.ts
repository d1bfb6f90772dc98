import { setTimeout as sleep } from 'node:timers/promises'
import type { Redis } from 'ioredis'
import { takeRedisLock } from '../cluster/redis-lock.ts'
import type { Logger } from '../logger.ts'
import type { MachineSlot } from './heavy-work-queue.ts'

const KEY = 'centraal:heavy-work-slot'
/** How often a process whose next heavy job waits asks again whether the slot is free. */
const POLL_MS = 200

/**
 * The machine's one heavy-job slot, shared by the processes through a Redis lock: held
 * while a job runs (renewed every third of `ttlMs`), freed by compare and delete when it
 * ends, and at most `ttlMs` after a process holding it dies. Only the head of each
 * process's queue asks for it, every POLL_MS: the order between processes is whoever asks
 * first once it is free. While Redis cannot be asked, a job waits only for its own
 * process's queue (logged once): refusing every restore and import until Redis is back
 * would cost more than two heavy jobs side by side.
 */
export function createRedisHeavySlot(
  redis: Redis,
  options: { ttlMs: number; log: Logger },
): MachineSlot {
  let isUnreachable = false
  const onLost = (error?: unknown) =>
    options.log.error('heavy-work slot lost while a job ran', { error })
  return {
    async take(signal) {
      for (;;) {
        signal?.throwIfAborted()
        let lease: Awaited<ReturnType<typeof takeRedisLock>>
        try {
          lease = await takeRedisLock(redis, KEY, options.ttlMs, onLost)
        } catch (error) {
          if (!isUnreachable) {
            isUnreachable = true
            options.log.error('redis unreachable: heavy jobs wait only for this process', {
              error,
            })
          }
          return () => {}
        }
        if (isUnreachable) {
          isUnreachable = false
          options.log.info('redis answers again: one heavy job on the machine')
        }
        if (lease) return () => void lease.release()
        await sleep(POLL_MS, undefined, { signal })
      }
    },
  }
}
