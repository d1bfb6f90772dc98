import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'

// Both scripts act only while the key still holds this holder's token: a lock that expired
// and was taken by another process is never freed or extended by the one that lost it.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`

/** A lock this process holds in Redis until it releases it or its ttl runs out. */
export type RedisLease = {
  /** Frees the lock if it is still this process's (compare and delete); never throws. */
  release(): Promise<void>
}

/**
 * Takes the lock `key` (SET NX PX with a random token), or answers null when another
 * process holds it. While held it is renewed every third of `ttlMs`, so a job longer than
 * the ttl keeps it, and a process that dies frees it at most `ttlMs` later. `onLost` is
 * called when a renewal finds the lock gone (Redis was unreachable past the ttl and it
 * expired) or cannot reach Redis; the holder goes on, as the work cannot be taken back.
 * Throws when Redis cannot be asked.
 */
export async function takeRedisLock(
  redis: Redis,
  key: string,
  ttlMs: number,
  onLost: (error?: unknown) => void,
): Promise<RedisLease | null> {
  const token = randomUUID()
  if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null
  let isHeld = true
  const renewal = setInterval(
    () => {
      redis.eval(RENEW, 1, key, token, ttlMs).then(
        (renewed) => {
          if (renewed === 0 && isHeld) onLost()
        },
        (error: unknown) => {
          if (isHeld) onLost(error)
        },
      )
    },
    Math.max(1, Math.floor(ttlMs / 3)),
  )
  // A renewal must not keep a stopping process alive.
  renewal.unref()
  return {
    async release() {
      if (!isHeld) return
      isHeld = false
      clearInterval(renewal)
      await redis.eval(RELEASE, 1, key, token).catch(() => undefined)
    },
  }
}

/**
 * Claims `key` for `ttlMs` without ever releasing it: the one process that sets it runs
 * the occurrence the key names, and a process that fires later (but within the ttl) finds
 * it taken. Throws when Redis cannot be asked.
 */
export async function claimRedisKey(redis: Redis, key: string, ttlMs: number) {
  return (await redis.set(key, randomUUID(), 'PX', ttlMs, 'NX')) === 'OK'
}
