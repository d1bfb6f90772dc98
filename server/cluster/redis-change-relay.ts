import type { ChangeRelay } from '../replication/sync-hub.ts'
import type { RedisConnection } from './redis-connection.ts'

const CHANNEL = 'centraal:changed:'

/**
 * Tells the other server processes, through Redis's publish and subscribe, which
 * organisation committed a change, and hears of theirs. A message names only the
 * organisation and the process that wrote (its own messages it ignores): each process
 * reads what changed from the organisation's file, as it does for its own writes.
 */
export function createRedisChangeRelay(
  redis: RedisConnection,
  options: { nodeId: string; onError: (error: unknown) => void },
): ChangeRelay {
  const handlers = new Map<string, Set<() => void>>()
  redis.listener.on('message', (channel: string, from: string) => {
    if (!channel.startsWith(CHANNEL) || from === options.nodeId) return
    for (const handler of handlers.get(channel.slice(CHANNEL.length)) ?? []) handler()
  })
  return {
    publish(organisationId) {
      redis.commands.publish(`${CHANNEL}${organisationId}`, options.nodeId).catch(options.onError)
    },
    subscribe(organisationId, { onChange, onReady }) {
      let organisation = handlers.get(organisationId)
      if (!organisation) {
        organisation = new Set()
        handlers.set(organisationId, organisation)
      }
      organisation.add(onChange)
      redis.listener.subscribe(`${CHANNEL}${organisationId}`).then(onReady, options.onError)
      return () => {
        organisation.delete(onChange)
        if (organisation.size > 0 || handlers.get(organisationId) !== organisation) return
        handlers.delete(organisationId)
        redis.listener.unsubscribe(`${CHANNEL}${organisationId}`).catch(options.onError)
      }
    },
  }
}
