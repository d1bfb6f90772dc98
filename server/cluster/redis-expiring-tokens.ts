import type { Redis } from 'ioredis'
import {
  createMemoryTokens,
  type ExpiringTokens,
  type ExpiringTokensKind,
} from '../auth/expiring-tokens.ts'
import { generateToken, hashToken } from '../auth/tokens.ts'
import type { Logger } from '../logger.ts'

const PREFIX = 'centraal:token:'
const INDEX_PREFIX = 'centraal:tokens:'

// Adds a value and keeps the kind within `max`, in one step, on Redis's clock. The index
// (a sorted set of token hashes by expiry, in microseconds) is what counts the kind's values: those past
// their expiry leave it (their keys are already gone, PX), then the oldest until `max`
// remain, their keys deleted with them; every value of a kind has one ttl, so the value
// just added is the newest. The value is set first: a write Redis refuses changes nothing.
// The index itself goes a ttl after the last add. Evicted keys are named from ARGV, not
// KEYS: one Redis, not a Redis Cluster.
// KEYS: the index, the value's key. ARGV: key prefix, token hash, value, ttl ms, max.
const ADD_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000000 + tonumber(time[2])
redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%d', now))
redis.call('ZADD', KEYS[1], string.format('%d', now + tonumber(ARGV[4]) * 1000), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[5])
if over > 0 then
  local oldest = redis.call('ZPOPMIN', KEYS[1], over)
  for i = 1, #oldest, 2 do redis.call('DEL', ARGV[1] .. oldest[i]) end
end
return 1
`

/**
 * The store in the Redis that server processes share, so that a step begun on one process
 * can end on another (a failover, an address that changed). Each value is one key, the
 * kind's prefix and the token's hash (never the token), holding its JSON with Redis's own
 * expiry; taking is GETDEL (Redis 6.2 or later), so a token is taken once across every
 * process. While Redis cannot be reached, values wait in this process's memory, as they do
 * with one process: sign-ins go on, and a step begun then must end on the same process.
 */
export function createRedisTokens<T>(
  redis: Redis,
  kind: ExpiringTokensKind<T>,
  log: Logger,
): ExpiringTokens<T> {
  const memory = createMemoryTokens<T>(kind)
  const index = `${INDEX_PREFIX}${kind.name}`
  const prefix = `${PREFIX}${kind.name}:`
  let isFailing = false

  /**
   * The command's answer, or undefined when Redis is away or failed (said once, and once
   * again when a value is stored in Redis again: reads may work while writes are refused).
   */
  async function tryRedis<R>(
    command: () => Promise<R>,
    isWrite = false,
  ): Promise<{ answer: R } | undefined> {
    // Not ready: the connection has said it is lost; a command would only queue.
    if (redis.status !== 'ready') return undefined
    try {
      const answer = await command()
      if (isWrite && isFailing) {
        isFailing = false
        log.info('waiting values are kept in redis again', { kind: kind.name })
      }
      return { answer }
    } catch (error) {
      if (!isFailing) {
        log.error('redis failed: waiting values are kept in memory', { kind: kind.name, error })
      }
      isFailing = true
      return undefined
    }
  }

  /** The stored JSON as the kind's value; undefined for anything else (another version's). */
  function parse(stored: string | null | undefined): T | undefined {
    if (stored === null || stored === undefined) return undefined
    let json: unknown
    try {
      json = JSON.parse(stored)
    } catch {
      return undefined
    }
    const parsed = kind.schema.safeParse(json)
    return parsed.success ? parsed.data : undefined
  }

  return {
    async add(value) {
      const token = generateToken()
      const hash = hashToken(token)
      const stored = await tryRedis(
        () =>
          redis.eval(
            ADD_SCRIPT,
            2,
            index,
            `${prefix}${hash}`,
            prefix,
            hash,
            JSON.stringify(value),
            kind.ttlMs,
            kind.max,
          ),
        true,
      )
      return stored ? token : memory.add(value)
    },
    async peek(token) {
      const stored = await tryRedis(() => redis.get(`${prefix}${hashToken(token)}`))
      return parse(stored?.answer) ?? memory.peek(token)
    },
    async take(token) {
      const hash = hashToken(token)
      const taken = await tryRedis(async () => {
        const answers = await redis.multi().getdel(`${prefix}${hash}`).zrem(index, hash).exec()
        const [error, stored] = answers?.[0] ?? [new Error('transaction discarded'), null]
        if (error) throw error
        return stored as string | null
      })
      return parse(taken?.answer) ?? memory.take(token)
    },
  }
}
