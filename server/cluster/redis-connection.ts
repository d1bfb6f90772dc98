import { Redis } from 'ioredis'
import type { Logger } from '../logger.ts'

/**
 * The connections to the Redis that server processes share (REDIS_URL): one for commands
 * (the throttles' counters, values waiting for a token, publishing changes) and one that
 * only listens, as Redis asks of a subscribed connection. ioredis reconnects by itself;
 * while Redis is away the throttles count in memory (their insurance limiter), waiting
 * values stay in this process's memory, and changes reach only this process's streams.
 */
export function connectRedis(url: string, log: Logger) {
  const commands = new Redis(url, { maxRetriesPerRequest: 1 })
  const listener = commands.duplicate()
  // Said once when a connection is lost and once when it is back, not at every retry.
  for (const [name, connection] of [
    ['commands', commands],
    ['listener', listener],
  ] as const) {
    let isLost = false
    connection.on('error', (error: unknown) => {
      if (isLost) return
      isLost = true
      log.error('redis unreachable: throttles and waiting values in memory, changes stay here', {
        connection: name,
        error,
      })
    })
    connection.on('ready', () => {
      if (!isLost) return
      isLost = false
      log.info('redis reachable again', { connection: name })
    })
  }
  return {
    commands,
    listener,
    /** Resolves once commands can be sent, or after `timeoutMs` while Redis is away. */
    async waitUntilReady(timeoutMs: number) {
      if (commands.status === 'ready') return
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, timeoutMs)
        function done() {
          clearTimeout(timer)
          commands.off('ready', done)
          resolve()
        }
        commands.once('ready', done)
      })
    },
    async close() {
      await Promise.allSettled([commands.quit(), listener.quit()])
    },
  }
}

export type RedisConnection = ReturnType<typeof connectRedis>
