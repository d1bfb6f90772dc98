// Redis's configuration for the Redis that several Centraal processes share. Plain
// JavaScript: `npm run start:cluster` runs it under node, and the tests start their Redis
// with the same configuration. It is handed to `redis-server -` on its standard input, so
// the password never shows in the list of processes.
import { randomBytes } from 'node:crypto'

/** The user the Centraal processes sign in to Redis as. */
export const REDIS_USER = 'centraal'

/** A new password for the Redis's user: 32 random bytes, hex. */
export function createRedisPassword() {
  return randomBytes(32).toString('hex')
}

/**
 * The configuration text: Redis on 127.0.0.1:`port`, in memory only (no snapshot, no
 * append-only file). With `user`, the default user (no password) is switched off and only
 * `user.name` with `user.password` may sign in, to every key and channel and every command
 * but the administrative ones (CONFIG, SAVE, SHUTDOWN, ACL, MODULE, …): what the processes
 * use, and not what would let someone with the password rewrite Redis's own files.
 */
export function createRedisConfig({ port, user }) {
  const lines = [`port ${port}`, 'bind 127.0.0.1', 'save ""', 'appendonly no']
  if (user) {
    if (!/^[A-Za-z0-9_-]+$/.test(user.name) || !/^[A-Za-z0-9_-]+$/.test(user.password)) {
      throw new Error('Redis user and password: letters, digits, _ and - only')
    }
    lines.push('user default off', `user ${user.name} on >${user.password} ~* &* +@all -@admin`)
  }
  return `${lines.join('\n')}\n`
}

/** REDIS_URL of that Redis, for `user` when given. */
export function formatRedisUrl({ port, user }) {
  const credentials = user
    ? `${encodeURIComponent(user.name)}:${encodeURIComponent(user.password)}@`
    : ''
  return `redis://${credentials}127.0.0.1:${port}`
}
