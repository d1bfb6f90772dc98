/** The user the Centraal processes sign in to Redis as. */
export const REDIS_USER: string
/** A new password for the Redis's user: 32 random bytes, hex. */
export function createRedisPassword(): string
/** The configuration text for `redis-server -` (see redis-config.mjs). */
export function createRedisConfig(options: {
  port: number
  user?: { name: string; password: string }
}): string
/** REDIS_URL of that Redis, for `user` when given. */
export function formatRedisUrl(options: {
  port: number
  user?: { name: string; password: string }
}): string
